import { seededId } from '../core/ids';
import type { ImageSource } from '../extraction/imageModel';
import type { NewImage } from '../extraction/images';
import { pointOnRoad } from '../extraction/roadNetwork';
import type { Emulator } from '../server';
import { DEMO } from './demo';

export interface ImageSeedOptions {
	/** Generated parent records per source (feed, alert, checklist), on top of the named scenarios. */
	parentsPerSource?: number;
}

/** Ids of the named image scenarios, so tests can point at each roadReference and location case. */
export const IMAGE_DEMO = {
	projects: { subsidiary: 'S-2001', shared: 'X-1' },
	parents: {
		feedOnRoad: seededId('imgfeed', 1),
		alertShared: seededId('imgalrt', 1),
		checklistFallback: seededId('imgchck', 1),
		feedEmpty: seededId('imgfeed', 2),
		subsidiaryFeed: seededId('imgfeed', 3),
		otherCompanyShared: seededId('imgalrt', 2),
		otherCompanyPrivate: seededId('imgalrt', 3),
	},
	images: {
		/** GPS on a road, pilot company, provider up: roadReference populated. */
		matched: seededId('image', 1),
		/** GPS far from every road. */
		noRoadMatch: seededId('image', 2),
		/** No GPS in the file, parent has a location: location falls back to the parent. */
		fallback: seededId('image', 3),
		/** No GPS anywhere: no location; dropped by RequireGeoCoordinate. */
		noGpsAnywhere: seededId('image', 4),
		/** GPS on a road, but the provider was unreachable when the enrichment ran. */
		providerUnreachable: seededId('image', 5),
		/** GPS on a road, uploaded by a company without the pilot flag (the subsidiary). */
		noPilotFlag: seededId('image', 6),
		/** Just uploaded: the enrichment has not run yet (populated after a short time). */
		pending: seededId('image', 7),
		/** One image under two parents (a feed post and an alert): two rows. */
		twoParents: seededId('image', 8),
		/** Data of another company shared with the demo parent company. */
		shared: seededId('image', 9),
		/** Data of another company not shared with anyone. */
		otherPrivate: seededId('image', 10),
	},
} as const;

const DAY = 86_400_000;
const FAR_FROM_ROADS = { latitude: 60.3, longitude: 5.1, accuracy: 8 };

/**
 * Image extraction data: named scenarios for every roadReference and location rule, plus
 * generated feed posts, alerts and checklist submissions across the demo projects, the
 * subsidiary's project and another company's project shared with the parent company.
 */
export function seedImages(emulator: Emulator, options: ImageSeedOptions = {}) {
	const { ctx } = emulator;
	const { sections, clock } = ctx;
	const images = sections.images;
	images.enrichment.pilotCompanies.add(DEMO.companies.parent);
	images.enrichment.pilotCompanies.add(DEMO.companies.other);

	const subWorker = sections.people.add({
		companyId: DEMO.companies.subsidiary,
		employeeNumber: '2001',
		firstName: 'Siri',
		lastName: 'Vestre',
		phone: '+4792000001',
	});
	const otherWorker = sections.people.add({
		companyId: DEMO.companies.other,
		employeeNumber: '3001',
		firstName: 'Åse',
		lastName: 'Fjell',
		phone: '+4793000001',
	});
	const parentWorker = sections.people.all().find((p) => p.companyId === DEMO.companies.parent)!;
	const uploaderOf = (companyId: string): NonNullable<NewImage['uploader']> => {
		const p =
			companyId === DEMO.companies.subsidiary
				? subWorker
				: companyId === DEMO.companies.other
					? otherWorker
					: parentWorker;
		return {
			companyId,
			userId: p.companyProfileId,
			userName: `${p.firstName} ${p.lastName}`,
			securityLevel: companyId === DEMO.companies.parent ? 2 : 1,
		};
	};

	const { project: subProject } = sections.projects.createFor(DEMO.companies.subsidiary, {
		companyId: DEMO.companies.subsidiary,
		projectNumber: IMAGE_DEMO.projects.subsidiary,
		name: 'Quay extension Vest',
		active: true,
	});
	sections.workOrders.createFor(DEMO.companies.subsidiary, {
		companyId: DEMO.companies.subsidiary,
		projectId: subProject.id,
		externalId: 'S-2001-1',
		name: 'Piling',
		active: true,
	});
	const otherProject = sections.projects
		.all()
		.find(
			(p) => p.companyId === DEMO.companies.other && p.projectNumber === IMAGE_DEMO.projects.shared,
		);
	if (!otherProject)
		throw new Error('seedImages: the demo seed must create the other company project first');
	sections.workOrders.createFor(DEMO.companies.other, {
		companyId: DEMO.companies.other,
		projectId: otherProject.id,
		externalId: 'X-1-1',
		name: 'Blasting',
		active: true,
	});
	const parentProjects = sections.projects.list(DEMO.companies.parent);

	const nowMs = clock.now().getTime();
	const at = (msAgo: number) => new Date(Math.floor((nowMs - msAgo) / 1000) * 1000).toISOString();
	const parentLocation = { latitude: 60.3913, longitude: 5.3221, accuracy: 15 };
	const { parents: P, images: I } = IMAGE_DEMO;
	const main = parentProjects[0];

	// Named scenarios.
	images.addParent({
		id: P.feedOnRoad,
		source: 'feed',
		projectId: main.id,
		originDescription: 'Project feed',
		location: parentLocation,
		createdDateTime: at(5 * DAY),
	});
	images.addImage(P.feedOnRoad, {
		id: I.matched,
		location: { ...pointOnRoad(0, 0.5), accuracy: 4 },
		uploader: uploaderOf(DEMO.companies.parent),
		createdDateTime: at(5 * DAY),
		touchParents: false,
		fileNameOriginal: 'Rekkverk E39.png',
	});
	images.addImage(P.feedOnRoad, {
		id: I.noRoadMatch,
		location: FAR_FROM_ROADS,
		picture: 'portrait',
		uploader: uploaderOf(DEMO.companies.parent),
		createdDateTime: at(5 * DAY),
		touchParents: false,
	});
	images.enrichment.providerReachable = false;
	images.addImage(P.feedOnRoad, {
		id: I.providerUnreachable,
		location: { ...pointOnRoad(1, 0.3), accuracy: 5 },
		uploader: uploaderOf(DEMO.companies.parent),
		createdDateTime: at(5 * DAY),
		touchParents: false,
		enrichNow: true,
	});
	images.enrichment.providerReachable = true;

	images.addParent({
		id: P.alertShared,
		source: 'alert',
		projectId: main.id,
		originDescription: 'Incident registration: near miss',
		activityId: seededId('activity', 1),
		activityNumber: 'A-10',
		location: parentLocation,
		createdDateTime: at(4 * DAY),
	});
	images.attachImage(I.matched, P.alertShared, false);
	images.addImage([P.feedOnRoad, P.alertShared], {
		id: I.twoParents,
		location: null,
		picture: 'small',
		uploader: uploaderOf(DEMO.companies.parent),
		createdDateTime: at(4 * DAY),
		touchParents: false,
	});

	images.addParent({
		id: P.checklistFallback,
		source: 'checklist',
		projectId: main.id,
		originDescription: 'Safe Job Analysis',
		location: parentLocation,
		createdDateTime: at(3 * DAY),
	});
	images.addImage(P.checklistFallback, {
		id: I.fallback,
		location: null,
		uploader: uploaderOf(DEMO.companies.parent),
		createdDateTime: at(3 * DAY),
		touchParents: false,
	});
	images.addParent({
		id: P.feedEmpty,
		source: 'feed',
		projectId: main.id,
		originDescription: 'Project feed',
		createdDateTime: at(3 * DAY),
	});

	images.addParent({
		id: P.subsidiaryFeed,
		source: 'feed',
		projectId: subProject.id,
		companyId: DEMO.companies.subsidiary,
		createdDateTime: at(2 * DAY),
	});
	images.addImage(P.subsidiaryFeed, {
		id: I.noPilotFlag,
		location: { ...pointOnRoad(2, 0.5), accuracy: 6 },
		uploader: uploaderOf(DEMO.companies.subsidiary),
		createdDateTime: at(2 * DAY),
		touchParents: false,
	});
	images.addImage(P.subsidiaryFeed, {
		id: I.noGpsAnywhere,
		location: null,
		uploader: uploaderOf(DEMO.companies.subsidiary),
		createdDateTime: at(2 * DAY),
		touchParents: false,
	});

	images.addParent({
		id: P.otherCompanyShared,
		source: 'alert',
		projectId: otherProject.id,
		sharedWithCompanyIds: [DEMO.companies.parent],
		location: { latitude: 60.36, longitude: 5.29, accuracy: 20 },
		createdDateTime: at(2 * DAY),
	});
	images.addImage(P.otherCompanyShared, {
		id: I.shared,
		location: { ...pointOnRoad(2, 0.2), accuracy: 3 },
		uploader: uploaderOf(DEMO.companies.other),
		createdDateTime: at(2 * DAY),
		touchParents: false,
	});
	images.addParent({
		id: P.otherCompanyPrivate,
		source: 'alert',
		projectId: otherProject.id,
		createdDateTime: at(2 * DAY),
	});
	images.addImage(P.otherCompanyPrivate, {
		id: I.otherPrivate,
		location: null,
		uploader: uploaderOf(DEMO.companies.other),
		createdDateTime: at(2 * DAY),
		touchParents: false,
	});

	// Uploaded "just now": the enrichment has not run yet.
	images.addImage(P.feedOnRoad, {
		id: I.pending,
		location: { ...pointOnRoad(0, 0.8), accuracy: 4 },
		uploader: uploaderOf(DEMO.companies.parent),
		createdDateTime: at(0),
	});

	// Generated volume: each parent 0..3 images, spread over 30 days, across all projects.
	const random = mulberry32(7);
	const owners = [
		...parentProjects.map((p) => ({
			project: p,
			company: DEMO.companies.parent,
			shared: [] as string[],
		})),
		{ project: subProject, company: DEMO.companies.subsidiary, shared: [] as string[] },
		{ project: otherProject, company: DEMO.companies.other, shared: [DEMO.companies.parent] },
	];
	const origins: Record<ImageSource, string[]> = {
		feed: ['Project feed', 'Site diary'],
		alert: ['Incident registration: near miss', 'Incident registration: injury', 'Deviation'],
		checklist: ['Safe Job Analysis', 'Daily inspection', 'Handover checklist'],
	};
	const perSource = options.parentsPerSource ?? 12;
	let n = 100;
	for (const source of ['feed', 'alert', 'checklist'] as const) {
		for (let i = 0; i < perSource; i++) {
			n++;
			const owner = owners[Math.floor(random() * owners.length)];
			const createdMs = nowMs - 7 * DAY - Math.floor(random() * 23 * DAY);
			const modifiedMs = createdMs + Math.floor(random() * 3 * DAY);
			const parent = images.addParent({
				id: seededId(`img${source.slice(0, 4)}`, n),
				source,
				projectId: owner.project.id,
				companyId: owner.company,
				originDescription: origins[source][i % origins[source].length],
				activityId: source === 'feed' ? null : seededId('activity', n),
				activityNumber: source === 'feed' ? null : `A-${n}`,
				location:
					random() < 0.6
						? {
								latitude: 60.35 + random() * 0.05,
								longitude: 5.28 + random() * 0.08,
								accuracy: 10 + Math.round(random() * 20),
							}
						: null,
				sharedWithCompanyIds: owner.shared,
				createdDateTime: at(nowMs - createdMs),
				modifiedDateTime: at(nowMs - modifiedMs),
			});
			const count = Math.floor(random() * 4);
			for (let k = 0; k < count; k++) {
				const kind = random();
				const location =
					kind < 0.35
						? { ...pointOnRoad(Math.floor(random() * 3), random()), accuracy: 5 }
						: kind < 0.6
							? FAR_FROM_ROADS
							: null;
				images.addImage(parent.id, {
					id: seededId('image', n * 10 + k),
					location,
					picture: (['landscape', 'portrait', 'small'] as const)[k % 3],
					uploader: uploaderOf(owner.company),
					createdDateTime: parent.createdDateTime,
					touchParents: false,
					enrichNow: true,
				});
			}
		}
	}
}

/** Small deterministic PRNG, so generated data is the same on every run. */
function mulberry32(seed: number): () => number {
	let a = seed;
	return () => {
		a |= 0;
		a = (a + 0x6d2b79f5) | 0;
		let t = Math.imul(a ^ (a >>> 15), 1 | a);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}
