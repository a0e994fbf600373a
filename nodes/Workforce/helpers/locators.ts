import {
	NodeOperationError,
	type IExecuteFunctions,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeParameterResourceLocator,
	type INodeProperties,
	type PreSendAction,
} from 'n8n-workflow';

import { workforceJson } from '../../shared/transport';
import { assertSegment } from '../../shared/transport/pathSegment';
import { notFoundOf, pickerHint, PICKERS } from './pickerHints';

export interface LocatorSpec {
	name: string;
	displayName: string;
	description: string;
	/** The listSearch method behind "From List". */
	searchListMethod: string;
	/** The typed modes after "From List", e.g. by id and by number. */
	modes: Array<{ name: string; displayName: string; placeholder: string }>;
}

/** A resource locator whose first mode is a searchable list (every picker of the node). */
export function resourceLocator(
	spec: LocatorSpec,
	displayOptions: INodeProperties['displayOptions'],
	description?: string,
): INodeProperties {
	const hint = pickerHint(spec.modes.map((m) => ({ name: m.name, displayName: m.displayName })));
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: description ?? spec.description,
		...(hint ? { hint } : {}),
		displayOptions,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: {
					searchListMethod: spec.searchListMethod,
					searchable: true,
					searchFilterRequired: false,
				},
			},
			...spec.modes.map((mode) => ({ ...mode, type: 'string' as const })),
		],
	};
}

type ItemContext = IExecuteSingleFunctions | IExecuteFunctions;

/**
 * Reads a locator of an item (routed operations pass no index, custom ones do). An empty value
 * is a clear error naming the field; so is a dot segment, which no encoding keeps in its place.
 */
export function readLocator(
	ctx: ItemContext,
	name: string,
	label: string,
	hint: string,
	itemIndex?: number,
): { mode: string; value: string } {
	const index = itemIndex ?? (ctx as IExecuteSingleFunctions).getItemIndex();
	const locator = (
		itemIndex === undefined
			? (ctx as IExecuteSingleFunctions).getNodeParameter(name, undefined)
			: (ctx as IExecuteFunctions).getNodeParameter(name, itemIndex, undefined)
	) as INodeParameterResourceLocator | string | undefined;
	const mode = typeof locator === 'object' && locator ? String(locator.mode) : 'id';
	const value = String(
		(typeof locator === 'object' && locator ? locator.value : locator) ?? '',
	).trim();
	if (value === '')
		throw new NodeOperationError(ctx.getNode(), `${label} is empty`, {
			description: hint,
			itemIndex: index,
		});
	// Every typed mode besides the id is a number (project, machine, employee number).
	assertPathSafe(
		ctx,
		value,
		`${label} ${mode === 'id' || mode === 'list' ? 'ID' : 'number'}`,
		index,
	);
	return { mode, value };
}

/**
 * `.` and `..` (also as `%2e`) stay dot segments even when percent-encoded (URL parsers resolve
 * them), so such a value would reach another path: refuse it. Every other character is made safe
 * by encoding. `field` is the parameter to fix (the first word of the label unless given).
 */
export function assertPathSafe(
	ctx: ItemContext,
	value: string,
	label: string,
	itemIndex: number,
	field = label.split(' ')[0],
) {
	assertSegment(ctx, value, label, field, itemIndex);
}

const PROJECT: LocatorSpec = {
	name: 'project',
	displayName: 'Project',
	description: 'The project to work with',
	searchListMethod: 'searchProjects',
	modes: [
		{ displayName: 'By ID', name: 'id', placeholder: 'e.g. 3f0c6a2e-7d3b-4a51-9d0e-2b1f5c8e9a10' },
		{ displayName: 'By Project Number', name: 'projectNumber', placeholder: 'e.g. P-1001' },
	],
};

/** Project picker: from a searchable list, by generated id, or by project number. */
export function projectLocator(
	displayOptions: INodeProperties['displayOptions'],
	description?: string,
): INodeProperties {
	return resourceLocator(PROJECT, displayOptions, description);
}

/** Reads the project locator; a missing value is a clear error naming the field. */
export function readProjectLocator(ctx: IExecuteSingleFunctions): { mode: string; value: string } {
	return readLocator(
		ctx,
		'project',
		'Project',
		'Pick a project from the list, or enter its ID or project number in "Project".',
	);
}

/** Looks a project number up and returns the project's generated id (a 404 names By ID when the number looks like one). */
export async function projectIdOfNumber(
	ctx: ItemContext,
	projectNumber: string,
	itemIndex: number,
): Promise<string> {
	const project = await workforceJson.call(ctx, {
		method: 'GET',
		path: `/api/v4/integration/projects/by-project-number/${encodeURIComponent(projectNumber)}`,
		what: `Looking up project number "${projectNumber}"`,
		notFound: notFoundOf(PICKERS.project, 'projectNumber', projectNumber),
		itemIndex,
	});
	return String((project as { id: unknown }).id);
}

/** The generated id of the chosen project, looking a project number up when needed. */
export async function resolveProjectId(ctx: IExecuteSingleFunctions): Promise<string> {
	const { mode, value } = readProjectLocator(ctx);
	return mode === 'projectNumber' ? await projectIdOfNumber(ctx, value, ctx.getItemIndex()) : value;
}

/**
 * Sets the request path from a template holding `{projectId}`; the id is URL-encoded so it can
 * never reach another path.
 */
export function projectPath(template: string): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const id = await resolveProjectId(this);
		requestOptions.url = template.replace('{projectId}', encodeURIComponent(id));
		return requestOptions;
	};
}
