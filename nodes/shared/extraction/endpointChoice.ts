import {
	NodeOperationError,
	type INode,
	type INodeProperties,
	type INodePropertyOptions,
} from 'n8n-workflow';

import { isDotSegment } from '../transport/pathSegment';
import { EXTRACTION_ENDPOINTS } from './endpoints';

/** The value of the Endpoint choice that shows Endpoint Path. */
const OTHER_PATH = 'otherPath';

const choices: INodePropertyOptions[] = [
	...EXTRACTION_ENDPOINTS.map((e) => ({
		name: e.name,
		value: e.path,
		description: `${e.description} (GET ${e.path})`,
	})),
	{
		name: 'Other Path',
		value: OTHER_PATH,
		description: 'Any v1/ endpoint of the data extraction API this list does not name yet',
	},
].sort((a, b) => a.name.localeCompare(b.name));

/** The endpoint to read, from the table or a typed `v1/...` path: Get Records (Other Endpoint) and the trigger. */
export function endpointFields(displayOptions: {
	show: Record<string, string[]>;
}): INodeProperties[] {
	return [
		{
			displayName: 'Endpoint',
			name: 'endpoint',
			type: 'options',
			options: choices,
			default: 'v1/project',
			description:
				'Which endpoint of the data extraction API to read. An expression may give any v1/... path.',
			displayOptions,
		},
		{
			displayName: 'Endpoint Path',
			name: 'endpointPath',
			type: 'string',
			default: '',
			// Not `required`: n8n would then demand it whenever Endpoint is an expression. chooseEndpoint says when it is empty.
			placeholder: 'e.g. v1/flow-trip-registrations',
			description:
				"Path below the credential's Data Extraction API Base URL, starting with v1/ (letters, digits, - and _ between the slashes). Put query parameters under Additional Query Parameters, not in the path.",
			displayOptions: { show: { ...displayOptions.show, endpoint: [OTHER_PATH] } },
		},
	];
}

export type ChosenEndpoint = ReturnType<typeof chooseEndpoint>;

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * Endpoint (or Endpoint Path) as its path (`v1/project`) and row (none for a v1 path the table
 * does not list: the vendor adds endpoints). Refused unless a plain `v1/<segment>/...` path
 * (letters, digits, `-`, `_`), so a typed path can only address the credential's extraction API.
 */
export function chooseEndpoint(
	ctx: { getNode(): INode },
	chosen: unknown,
	typed: unknown,
	itemIndex?: number,
) {
	const custom = chosen === OTHER_PATH;
	const field = custom ? 'Endpoint Path' : 'Endpoint';
	const raw = String((custom ? typed : chosen) ?? '').trim();
	const fail = (message: string, description: string) =>
		new NodeOperationError(ctx.getNode(), message, { description, itemIndex });
	const refuse = (problem: string, fix: string) => fail(`${field} ${problem}: "${raw}"`, fix);
	const example = 'for example v1/project or v1/item-registrations/web-query';
	if (raw === '')
		throw fail(
			`${field} is empty`,
			`Pick an endpoint from the list, or choose Other Path and type a v1/... path, ${example}.`,
		);
	if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//') || raw.includes('\\'))
		throw refuse(
			'must be a path below the data extraction base, not a URL',
			`Type only what follows the credential's Data Extraction API Base URL, ${example}. Requests always go to that base, so the token never reaches another host.`,
		);
	if (/[?#]/.test(raw))
		throw refuse(
			'must not carry a query string',
			`Type only the path (${example}) and put query parameters under Additional Query Parameters.`,
		);
	const segments = raw.replace(/^\/+/, '').replace(/\/+$/, '').split('/');
	if (segments.some(isDotSegment))
		throw refuse(
			'must not contain "." or ".." segments',
			`They would address a path outside v1/ of the data extraction API. Type a path such as v1/project.`,
		);
	if (segments[0].toLowerCase() !== 'v1' || segments.length < 2)
		throw refuse(
			'must start with v1/ and name an endpoint',
			`The data extraction API serves its endpoints under v1/, ${example}.`,
		);
	const bad = segments.find((s) => !SEGMENT.test(s));
	if (bad !== undefined)
		throw refuse(
			`has ${bad === '' ? 'an empty segment' : `a character that cannot be in an endpoint path ("${bad}")`}`,
			`Use letters, digits, - and _ between single slashes, ${example}.`,
		);
	const path = ['v1', ...segments.slice(1)].join('/');
	const row = EXTRACTION_ENDPOINTS.find((e) => e.path === path.toLowerCase());
	return { path: row?.path ?? path, row };
}
