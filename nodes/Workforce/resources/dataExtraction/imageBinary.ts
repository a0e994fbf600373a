import {
	NodeOperationError,
	type IBinaryData,
	type IDataObject,
	type IExecuteFunctions,
} from 'n8n-workflow';

import { downloadBinary } from '../../helpers/binaryDownload';
import { IMAGE_SIZES } from './imageFields';

/**
 * The bytes of one image row as n8n binary data, in the chosen size. Always fetched from the
 * credential's integration base by the row's file id (GET {base_url}/api/file/{id}?MaxDimension=),
 * never by following the row's URL fields, so the token can only reach the configured service.
 */
export async function downloadImage(
	this: IExecuteFunctions,
	row: IDataObject,
	size: string,
	itemIndex: number,
): Promise<IBinaryData> {
	const id = typeof row.id === 'string' ? row.id.trim() : '';
	if (id === '') {
		throw new NodeOperationError(
			this.getNode(),
			'An image row has no file id, so its image cannot be downloaded',
			{
				description: 'Set Download Image to "No" to output the rows without image bytes.',
				itemIndex,
			},
		);
	}
	const maxDimension = IMAGE_SIZES[size];
	if (maxDimension === undefined) {
		throw new NodeOperationError(this.getNode(), `Download Image has an unknown size "${size}"`, {
			description: 'Choose Original, Thumbnail (128 px), Medium (640 px) or Large (1980 px).',
			itemIndex,
		});
	}
	const fallbackName = [row.fileNameOriginal, row.fileName].find(
		(v) => typeof v === 'string' && v.trim() !== '',
	) as string | undefined;
	const { binary } = await downloadBinary(this, {
		path: `/api/file/${encodeURIComponent(id)}`,
		qs: maxDimension ? { MaxDimension: maxDimension } : undefined,
		what: `Downloading image ${id}`,
		itemIndex,
		fallbackName: fallbackName ?? id,
	});
	return binary;
}
