import { INSTANT_HINT } from '../../../shared/dateHints';
import type { INodeProperties } from 'n8n-workflow';

import { returnAllAndLimit } from '../../helpers/options';
import { pickerHint } from '../../helpers/pickerHints';
import { extractionOptionsField } from './optionsField';
import { outputFields } from './outputField';

const show = { show: { resource: ['dataExtraction'], operation: ['getImages'] } };

/** The image sizes the file endpoint serves: MaxDimension per choice ('' = the original file). */
export const IMAGE_SIZES: Record<string, string> = {
	original: '',
	thumbnail: '128',
	medium: '640',
	large: '1980',
};

/** The Project filter's typed modes, and under it, as under every project picker, where each goes. */
const PROJECT_FILTER_MODES = [
	{
		displayName: 'By ID',
		name: 'id',
		type: 'string' as const,
		placeholder: 'e.g. 3f0c6a2e-7d3b-4a51-9d0e-2b1f5c8e9a10',
	},
	{
		displayName: 'By Project Number',
		name: 'projectNumber',
		type: 'string' as const,
		placeholder: 'e.g. P-1001',
	},
];
const PROJECT_FILTER_HINT = pickerHint(PROJECT_FILTER_MODES);

/** Every parameter of GET /v1/images (specification: Image extraction), plus Return All / Limit and the image download. */
export const getImagesProperties: INodeProperties[] = [
	...returnAllAndLimit(show),
	...outputFields(show),
	{
		displayName: 'Sources',
		name: 'sources',
		type: 'multiOptions',
		default: [],
		description:
			'Which parent records to read images from (Sources). None selected means all three.',
		displayOptions: show,
		options: [
			{ name: 'Alert', value: 'alert', description: 'Alerts and incident registrations' },
			{ name: 'Checklist', value: 'checklist', description: 'Checklist submissions' },
			{ name: 'Feed', value: 'feed', description: 'Feed posts' },
		],
	},
	{
		displayName: 'From Date Time',
		name: 'fromDateTime',
		type: 'dateTime',
		default: '',
		description: `Full-sync window start (FromDateTime) on the parent record's creation date. ${INSTANT_HINT}.`,
		displayOptions: show,
	},
	{
		displayName: 'To Date Time',
		name: 'toDateTime',
		type: 'dateTime',
		default: '',
		description: `Full-sync window end (ToDateTime, inclusive: a parent created exactly then is included). ${INSTANT_HINT}.`,
		displayOptions: show,
	},
	{
		displayName: 'Download Image',
		name: 'downloadImage',
		type: 'options',
		default: 'none',
		description:
			'Whether to attach the image bytes to each item as binary data, and in which size (through the file endpoint of the integration API). Output Items only: a File holds the rows.',
		displayOptions: { show: { ...show.show, output: ['items'] } },
		options: [
			{ name: 'Large (1980 Px)', value: 'large', description: 'Longer side at most 1980 pixels' },
			{ name: 'Medium (640 Px)', value: 'medium', description: 'Longer side at most 640 pixels' },
			{ name: 'No', value: 'none', description: 'Output the rows only' },
			{ name: 'Original', value: 'original', description: 'The file as uploaded' },
			{
				name: 'Thumbnail (128 Px)',
				value: 'thumbnail',
				description: 'Longer side at most 128 pixels',
			},
		],
	},
	{
		displayName: 'Put Image in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		description: 'Name of the binary property to put the image in',
		displayOptions: {
			show: {
				...show.show,
				output: ['items'],
				downloadImage: ['original', 'thumbnail', 'medium', 'large'],
			},
		},
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: show,
		options: [
			{
				displayName: 'Company ID',
				name: 'companyId',
				type: 'string',
				default: '',
				description: 'Only data owned by this project company (CompanyId)',
			},
			{
				displayName: 'Exclude Data From Subsidiaries',
				name: 'excludeDataFromSubsidiaries',
				type: 'boolean',
				default: false,
				description:
					"Whether to leave out subsidiaries' data when the API client belongs to a parent company (ExcludeDataFromSubsidiaries)",
			},
			{
				displayName: 'Own Company Data Only',
				name: 'ownCompanyDataOnly',
				type: 'boolean',
				default: false,
				description:
					'Whether to return only records owned by your company, not those merely shared with it (OwnCompanyDataOnly)',
			},
			{
				displayName: 'Project',
				name: 'project',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				description: 'Only images of this project (ProjectId)',
				hint: PROJECT_FILTER_HINT,
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						typeOptions: {
							searchListMethod: 'searchProjects',
							searchable: true,
							searchFilterRequired: false,
						},
					},
					...PROJECT_FILTER_MODES,
				],
			},
			{
				displayName: 'Require Geo Coordinate',
				name: 'requireGeoCoordinate',
				type: 'boolean',
				default: false,
				description:
					"Whether to drop images that have neither their own nor their parent record's GPS position (RequireGeoCoordinate)",
			},
		],
	},
	extractionOptionsField(show, {
		chunkLimit:
			'Parent records per page (ChunkLimit, 1 to 10000). A parent can carry several images, so a page can hold more rows.',
		pageFacts:
			'Whether to add the page envelope (syncTypeName, recordCount, deletedRecordCount, source, page number) to each item under "_page"',
		modifiedSince: `Switches to incremental mode (ModifiedSince): images whose parent record changed since then, oldest change first. Removed images are not reported. ${INSTANT_HINT}.`,
		timeout: false,
	}),
];
