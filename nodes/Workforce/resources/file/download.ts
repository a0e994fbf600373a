import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { binaryOutputProperty } from '../../helpers/options';
import { downloadEachItem } from '../../helpers/binaryDownload';
import { baseUrl, CREDENTIAL } from '../../../shared/transport';
import { fileTargetOf } from './fileReference';

const show = { show: { resource: ['file'], operation: ['download'] } };

/** Runs as a custom operation: the URL is checked before any request and the bytes become binary data. */
export const downloadOption: INodePropertyOptions = {
	name: 'Download',
	value: 'download',
	action: 'Download a file',
	description: 'Download an image or document file by ID or by its URL, optionally resized',
};

export const downloadProperties: INodeProperties[] = [
	{
		displayName: 'File',
		name: 'file',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. {{ $json.downloadUrl }} or 9b2f0c1e-5a7d-4e3b-8c61-0d2e4f6a8b10',
		description:
			"A file ID, an image row's downloadUrl / thumbnailUrl / mediumUrl / largeUrl, or a document's URL. Only URLs under the credential's Integration API base are accepted.",
		displayOptions: show,
	},
	{
		displayName: 'Size',
		name: 'size',
		type: 'options',
		options: [
			{
				name: 'As in URL (Original for an ID)',
				value: 'auto',
				description: 'Keep the MaxDimension of the URL, if any',
			},
			{ name: 'Large (1980 Px)', value: '1980' },
			{ name: 'Medium (640 Px)', value: '640' },
			{ name: 'Original', value: 'original' },
			{ name: 'Thumbnail (128 Px)', value: '128' },
		],
		default: 'auto',
		description:
			'Longest side of the resized image (sent as MaxDimension); other files are always original',
		displayOptions: show,
	},
	binaryOutputProperty(show),
];

export async function download(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await downloadEachItem(this, async (itemIndex) => {
		const credentials = await this.getCredentials(CREDENTIAL);
		const target = fileTargetOf(
			this.getNode(),
			String(this.getNodeParameter('file', itemIndex, '')),
			baseUrl(credentials, 'integration'),
			itemIndex,
		);
		const size = String(this.getNodeParameter('size', itemIndex, 'auto'));
		const maxDimension =
			size === 'auto' ? target.maxDimensionInUrl : size === 'original' ? undefined : size;
		const qs: IDataObject = {};
		if (maxDimension) qs.MaxDimension = maxDimension;
		return {
			request: {
				path: `/api/file/${encodeURIComponent(target.fileId)}`,
				qs,
				what: `Downloading file "${target.fileId}"`,
				notFound: {
					advice: `No file with ID "${target.fileId}" in your company. File takes a file's URL (an image row's downloadUrl or mediumUrl, a document's url) or the ID at its end (/api/file/<ID>).`,
				},
				itemIndex,
				fallbackName: target.fileId,
			},
			json: { fileId: target.fileId, maxDimension: maxDimension ? Number(maxDimension) : null },
		};
	});
}
