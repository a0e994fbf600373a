import { NodeOperationError, type IBinaryData, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { workforceRequest } from '../../transport';
import { IMAGE_SIZES } from './imageFields';

/**
 * The bytes of one image row as n8n binary data, in the chosen size. Always fetched from the
 * credential's integration base by the row's file id (GET {base_url}/api/file/{id}?MaxDimension=),
 * never by following the row's URL fields, so the token can only reach the configured service.
 */
export async function downloadImage(this: IExecuteFunctions, row: IDataObject, size: string, itemIndex: number): Promise<IBinaryData> {
	const id = typeof row.id === 'string' ? row.id.trim() : '';
	if (id === '') {
		throw new NodeOperationError(this.getNode(), 'An image row has no file id, so its image cannot be downloaded', {
			description: 'Set Download Image to "No" to output the rows without image bytes.',
			itemIndex,
		});
	}
	const maxDimension = IMAGE_SIZES[size];
	if (maxDimension === undefined) {
		throw new NodeOperationError(this.getNode(), `Download Image has an unknown size "${size}"`, {
			description: 'Choose Original, Thumbnail (128 px), Medium (640 px) or Large (1980 px).',
			itemIndex,
		});
	}
	const response = await workforceRequest.call(this, {
		api: 'integration',
		method: 'GET',
		path: `/api/file/${encodeURIComponent(id)}`,
		qs: maxDimension ? { MaxDimension: maxDimension } : undefined,
		binary: true,
		what: `Downloading image ${id}`,
		itemIndex,
	});
	const body = response.body as Buffer | ArrayBuffer | string;
	const bytes = Buffer.isBuffer(body) ? body : typeof body === 'string' ? Buffer.from(body, 'binary') : Buffer.from(body);
	const header = String(response.headers?.['content-type'] ?? '').split(';')[0].trim();
	const mimeType = header && header !== 'application/octet-stream' ? header : typeof row.fileType === 'string' && row.fileType ? row.fileType : 'application/octet-stream';
	return await this.helpers.prepareBinaryData(bytes, safeFileName(row, id), mimeType);
}

/** The original file name without any folder part or control characters. */
function safeFileName(row: IDataObject, id: string): string {
	const raw = [row.fileNameOriginal, row.fileName].find((v) => typeof v === 'string' && v.trim() !== '') as string | undefined;
	const cleaned = (raw ?? '').replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).pop()?.trim() ?? '';
	return cleaned === '' || cleaned === '.' || cleaned === '..' ? `${id}.png` : cleaned;
}
