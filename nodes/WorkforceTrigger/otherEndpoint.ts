import type { INodeProperties, IPollFunctions } from 'n8n-workflow';

import { chooseEndpoint, endpointFields } from '../shared/extraction/endpointChoice';
import { readEmitChoice } from './emitChoice';
import type { ExtractionStream } from './streams';
import { recordStream } from './sync/changes';

/** The event "Records Changed (Other Endpoint)": any extraction endpoint of the table, or a typed v1/... path. */
export const OTHER_ENDPOINT_EVENT = 'otherEndpoint';

const show = { show: { event: [OTHER_ENDPOINT_EVENT] } };

export const otherEndpointProperties: INodeProperties[] = [
	...endpointFields(show),
	{
		displayName: 'Emit',
		name: 'recordEvents',
		type: 'multiOptions',
		options: [
			{
				name: 'Created',
				value: 'created',
				description: 'Whether to emit records created since the previous poll',
			},
			{ name: 'Changed', value: 'changed', description: 'Whether to emit changes to records' },
			{
				name: 'Deleted',
				value: 'deleted',
				description:
					'Whether to emit deletions (event "deleted"): for master data and checklists the last version of the record with isDeleted and deletedDateTime, for registrations only the ID and the deletion time',
			},
		],
		default: ['created', 'changed', 'deleted'],
		description: 'Which changes to output; every item says its kind in the field "event"',
		displayOptions: show,
	},
];

/**
 * The stream of one extraction endpoint: records in incremental mode, each change once. A deletion
 * is emitted in the shape its kind of record has: a registration's tombstone as only what
 * identifies it (its other fields are empty), a master record or a checklist as the record the
 * service returned (its last version); an endpoint the table does not list, as returned.
 */
export function otherEndpointStream(ctx: IPollFunctions): ExtractionStream {
	const endpoint = chooseEndpoint(
		ctx,
		ctx.getNodeParameter('endpoint', 'v1/project'),
		ctx.getNodeParameter('endpointPath', ''),
	);
	const emit = readEmitChoice(ctx, 'recordEvents');
	const deletion = endpoint.row?.deletion === 'tombstone' ? 'identity' : 'record';
	return {
		// Another endpoint is another stream: its state starts afresh.
		name: `other:${endpoint.path}`,
		path: `/${endpoint.path}`,
		what: `Poll ${endpoint.path}`,
		filter: {},
		kind: (seen, createdSince) =>
			recordStream({ distinguishCreated: true, seen, createdSince, deletion }),
		emit,
	};
}
