import { notFound, validationError } from '../core/apiError';
import type { EmulatorContext } from '../core/context';
import { resizePng } from '../core/pngResize';
import type { EmuRequest, EmuResponse, Router } from '../core/router';
import { getQuery } from '../core/validate';
import { contentDisposition } from './contentDisposition';

/** Bytes are cacheable for 14 days by default (specification: Limits). */
export const FILE_CACHE_CONTROL = 'private, max-age=1209600';

/**
 * The authenticated file endpoint behind document urls and image rows:
 * GET {base_url}/api/file/{fileId}, optional MaxDimension (pixel bound of the resized variant).
 */
export class FilesSection {
	constructor(private readonly ctx: EmulatorContext) {}

	registerIntegration(router: Router) {
		router.get('/api/file/:fileId', (req) => this.serve(req));
	}

	private serve(req: EmuRequest): EmuResponse {
		const { fileId } = req.params;
		const file = this.ctx.files.get(fileId);
		const caller = req.caller.companyId;
		if (
			!file ||
			!(this.ctx.companies.canAccess(caller, file.companyId) || file.isSharedWith?.(caller))
		)
			throw notFound('File', fileId, 'fileId');
		const raw = getQuery(req.query, 'MaxDimension');
		let bytes = file.bytes;
		if (raw !== undefined && raw !== '') {
			const max = Number(raw);
			if (!/^\d+$/.test(raw) || max < 1 || max > 10000) {
				throw validationError(
					'MaxDimension',
					"'MaxDimension' must be a whole number of pixels between 1 and 10000.",
				);
			}
			// Only images are resized; other files are served as stored.
			if (file.contentType === 'image/png') bytes = resizePng(file.bytes, max);
		}
		return {
			status: 200,
			bytes,
			headers: {
				'content-type': file.contentType || 'application/octet-stream',
				'content-disposition': contentDisposition('inline', file.fileName),
				'cache-control': FILE_CACHE_CONTROL,
			},
		};
	}
}
