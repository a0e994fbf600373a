/**
 * A tiny road registry for road-reference enrichment of images: a few roads as polylines near
 * the demo projects. A coordinate matches the nearest road when it lies within the tolerance.
 */
export interface RoadReference {
	provider: string;
	countryCode: string;
	referenceText: string;
	roadCategory: string;
	roadNumber: string;
	section: string;
	meterFromStart: number;
	distanceFromCoordinateMeters: number;
}

interface Road {
	category: string;
	number: string;
	section: string;
	/** [latitude, longitude] points along the road. */
	points: Array<[number, number]>;
}

export const ROAD_PROVIDER = 'NVDB';
/** Farther than this from every road: no match. */
export const ROAD_TOLERANCE_METERS = 25;

/** Roads near Bergen; seeded on-road coordinates are taken from these lines. */
export const ROADS: Road[] = [
	{
		category: 'E',
		number: '39',
		section: 'S5D1',
		points: [
			[60.36, 5.35],
			[60.37, 5.355],
			[60.38, 5.365],
		],
	},
	{
		category: 'F',
		number: '7',
		section: 'S1D1',
		points: [
			[60.39, 5.32],
			[60.39, 5.34],
			[60.395, 5.36],
		],
	},
	{
		category: 'R',
		number: '555',
		section: 'S2D3',
		points: [
			[60.35, 5.28],
			[60.355, 5.3],
		],
	},
];

const EARTH_RADIUS = 6_371_000;

/** Meters east (x) and north (y) of a reference point; exact enough for a few kilometres. */
function project(lat: number, lon: number, refLat: number): [number, number] {
	const rad = Math.PI / 180;
	return [lon * rad * EARTH_RADIUS * Math.cos(refLat * rad), lat * rad * EARTH_RADIUS];
}

/** The road reference of the nearest road within tolerance, or undefined when no road matches. */
export function matchRoad(latitude: number, longitude: number): RoadReference | undefined {
	let best: { road: Road; distance: number; along: number } | undefined;
	for (const road of ROADS) {
		let walked = 0;
		for (let i = 0; i + 1 < road.points.length; i++) {
			const [ax, ay] = project(road.points[i][0], road.points[i][1], latitude);
			const [bx, by] = project(road.points[i + 1][0], road.points[i + 1][1], latitude);
			const [px, py] = project(latitude, longitude, latitude);
			const dx = bx - ax;
			const dy = by - ay;
			const length = Math.hypot(dx, dy);
			const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (length * length)));
			const distance = Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
			if (!best || distance < best.distance) best = { road, distance, along: walked + t * length };
			walked += length;
		}
	}
	if (!best || best.distance > ROAD_TOLERANCE_METERS) return undefined;
	const { road } = best;
	const meter = Math.round(best.along);
	return {
		provider: ROAD_PROVIDER,
		countryCode: 'NO',
		referenceText: `${road.category}V${road.number} ${road.section} m${meter}`,
		roadCategory: road.category,
		roadNumber: road.number,
		section: road.section,
		meterFromStart: meter,
		distanceFromCoordinateMeters: Math.round(best.distance * 10) / 10,
	};
}

/** A point on a road, `fraction` (0..1) along its first segment: seeds on-road images. */
export function pointOnRoad(
	roadIndex: number,
	fraction: number,
): { latitude: number; longitude: number } {
	const road = ROADS[roadIndex % ROADS.length];
	const [a, b] = [road.points[0], road.points[1]];
	return { latitude: a[0] + (b[0] - a[0]) * fraction, longitude: a[1] + (b[1] - a[1]) * fraction };
}
