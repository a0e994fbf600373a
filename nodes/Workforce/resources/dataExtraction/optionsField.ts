import type { INodeProperties } from 'n8n-workflow';

import { itemBudgetOption } from '../../helpers/itemBudget';
import { partitionOptions } from './partitionOptions';
import { INSTANT_HINT } from '../../../shared/dateHints';

/** What differs between the Options of the record extractions and those of Get Images. */
export interface OptionTexts {
	chunkLimit: string;
	pageFacts: string;
	modifiedSince: string;
	/** Whether the operation offers Request Timeout (Get Images has no page timeout). */
	timeout: boolean;
}

/** The Options collection every extraction operation offers: paging, incremental mode, partitions, retries. */
export function extractionOptionsField(
	displayOptions: INodeProperties['displayOptions'],
	texts: OptionTexts,
): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions,
		options: [
			{
				displayName: 'Chunk Limit',
				name: 'chunkLimit',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 10000 },
				default: 2500,
				description: texts.chunkLimit,
			},
			{
				displayName: 'Include Page Facts',
				name: 'includePageFacts',
				type: 'boolean',
				default: false,
				description: texts.pageFacts,
			},
			itemBudgetOption,
			{
				displayName: 'Modified Before',
				name: 'modifiedBefore',
				type: 'dateTime',
				default: '',
				description: `Upper bound of incremental mode (ModifiedBefore, exclusive). Requires Modified Since and must be later than it. ${INSTANT_HINT}.`,
			},
			{
				displayName: 'Modified Since',
				name: 'modifiedSince',
				type: 'dateTime',
				default: '',
				description: texts.modifiedSince,
			},
			...partitionOptions,
			...(texts.timeout
				? [
						{
							displayName: 'Request Timeout (Ms)',
							name: 'timeout',
							type: 'number' as const,
							typeOptions: { minValue: 1 },
							default: 120000,
							description:
								'How long to wait for a page to start arriving, and for it to go on when it pauses, before treating the attempt as failed (and retrying it)',
						},
					]
				: []),
			...retryOptions,
		],
	};
}

/** Retry settings of the shared paginator, offered by every extraction operation. */
export const retryOptions: INodeProperties[] = [
	{
		displayName: 'Retries per Page',
		name: 'retries',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 10 },
		default: 3,
		description:
			'How many times a page is asked again after a transient failure (HTTP 500/502/503/504, timeout, dropped connection) or a 429 (after waiting what its Retry-After says, when that fits in the Request Timeout)',
	},
	{
		displayName: 'Retry Delay (Ms)',
		name: 'retryDelay',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 1000,
		description: 'Wait before the first retry; doubled for each further one (at most 15 seconds)',
	},
];
