import { PNG } from 'pngjs';

/**
 * The real PNG pictures behind extraction image rows. A few distinct pictures, large enough that
 * every MaxDimension variant (128, 640, 1980) is a real resize, are shared by all image files.
 * Each is drawn on first use and kept for the process, so emulators that never serve an image
 * pay nothing and memory stays at a few small buffers.
 */
export type PictureName = 'landscape' | 'portrait' | 'panorama' | 'small';

export const PICTURES: Record<PictureName, { width: number; height: number }> = {
	landscape: { width: 2400, height: 1600 },
	portrait: { width: 1600, height: 2400 },
	/** Wider than the largest variant but low: every resize is real and cheap (pixel loops are slow under Jest). */
	panorama: { width: 2400, height: 120 },
	/** Smaller than the thumbnail bound's neighbours: a resize must never enlarge it. */
	small: { width: 320, height: 200 },
};

const drawn = new Map<PictureName, Buffer>();

export function pictureBytes(name: PictureName): Buffer {
	let bytes = drawn.get(name);
	if (!bytes) {
		bytes = draw(name);
		drawn.set(name, bytes);
	}
	return bytes;
}

function draw(name: PictureName): Buffer {
	const { width, height } = PICTURES[name];
	const png = new PNG({ width, height });
	const data = png.data;
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			const i = (y * width + x) * 4;
			if (name === 'landscape') {
				// Gradient sky over a checkered field.
				data[i] = (x * 255) / width;
				data[i + 1] = (y * 255) / height;
				data[i + 2] = ((x >> 6) + (y >> 6)) % 2 ? 200 : 60;
			} else if (name === 'portrait') {
				// Diagonal stripes.
				const band = ((x + y) >> 5) % 3;
				data[i] = band === 0 ? 230 : 40;
				data[i + 1] = band === 1 ? 200 : 50;
				data[i + 2] = band === 2 ? 220 : 70;
			} else if (name === 'panorama') {
				data[i] = (x * 255) / width;
				data[i + 1] = 90 + ((x >> 4) % 2) * 100;
				data[i + 2] = (y * 255) / height;
			} else {
				data[i] = (x * 7) & 255;
				data[i + 1] = 128;
				data[i + 2] = (y * 5) & 255;
			}
			data[i + 3] = 255;
		}
	}
	// Filter type 0: pngjs's adaptive filter choice is very slow under Jest's module sandbox.
	return PNG.sync.write(png, { filterType: 0 });
}
