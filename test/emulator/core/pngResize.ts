import { PNG } from 'pngjs';

/** Width and height of a PNG, read from its header. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
	const png = PNG.sync.read(bytes);
	return { width: png.width, height: png.height };
}

/**
 * Scales a PNG down so its longer side is at most `maxDimension`, keeping the aspect ratio, by
 * averaging each source box (area filter). Images already within the bound are returned as-is.
 */
export function resizePng(bytes: Buffer, maxDimension: number): Buffer {
	const source = PNG.sync.read(bytes);
	const { width, height } = source;
	const longest = Math.max(width, height);
	if (longest <= maxDimension) return bytes;
	const scale = maxDimension / longest;
	const w = Math.max(1, Math.round(width * scale));
	const h = Math.max(1, Math.round(height * scale));
	const target = new PNG({ width: w, height: h });
	for (let y = 0; y < h; y++) {
		const y0 = Math.floor((y * height) / h);
		const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * height) / h));
		for (let x = 0; x < w; x++) {
			const x0 = Math.floor((x * width) / w);
			const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * width) / w));
			const sum = [0, 0, 0, 0];
			for (let sy = y0; sy < y1; sy++) {
				for (let sx = x0; sx < x1; sx++) {
					const i = (sy * width + sx) * 4;
					for (let c = 0; c < 4; c++) sum[c] += source.data[i + c];
				}
			}
			const n = (y1 - y0) * (x1 - x0);
			const o = (y * w + x) * 4;
			for (let c = 0; c < 4; c++) target.data[o + c] = Math.round(sum[c] / n);
		}
	}
	// Filter type 0: pngjs's adaptive filter choice is ~100x slower under Jest's module sandbox.
	return PNG.sync.write(target, { filterType: 0 });
}

/** A solid or gradient test image, for seeds and tests. */
export function makePng(width: number, height: number, color?: [number, number, number]): Buffer {
	const png = new PNG({ width, height });
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			const i = (y * width + x) * 4;
			png.data[i] = color ? color[0] : (x * 255) / Math.max(1, width - 1);
			png.data[i + 1] = color ? color[1] : (y * 255) / Math.max(1, height - 1);
			png.data[i + 2] = color ? color[2] : 128;
			png.data[i + 3] = 255;
		}
	}
	return PNG.sync.write(png);
}
