import {
	NodeOperationError,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeParameterResourceLocator,
	type INodeProperties,
	type PreSendAction,
} from 'n8n-workflow';

import { workforceJson } from '../transport';
import { assertSegment, pathSegment } from './path-segment';

/** Project picker: from a searchable list, by generated id, or by project number. */
export function projectLocator(displayOptions: INodeProperties['displayOptions'], description?: string): INodeProperties {
	return {
		displayName: 'Project',
		name: 'project',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: description ?? 'The project to work with',
		displayOptions,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchProjects', searchable: true, searchFilterRequired: false },
			},
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder: 'e.g. 3f0c6a2e-7d3b-4a51-9d0e-2b1f5c8e9a10' },
			{ displayName: 'By Project Number', name: 'projectNumber', type: 'string', placeholder: 'e.g. P-1001' },
		],
	};
}

/** Reads the project locator; a missing value is a clear error naming the field. */
export function readProjectLocator(ctx: IExecuteSingleFunctions): { mode: string; value: string } {
	const locator = ctx.getNodeParameter('project', undefined) as INodeParameterResourceLocator | string | undefined;
	const mode = typeof locator === 'object' && locator ? String(locator.mode) : 'id';
	const value = String((typeof locator === 'object' && locator ? locator.value : locator) ?? '').trim();
	if (value === '') {
		throw new NodeOperationError(ctx.getNode(), 'Project is empty', {
			description: 'Pick a project from the list, or enter its ID or project number in "Project".',
			itemIndex: ctx.getItemIndex(),
		});
	}
	assertSegment(ctx, value, mode === 'projectNumber' ? 'Project number' : 'Project ID', 'Project', ctx.getItemIndex());
	return { mode, value };
}

/** The generated id of the chosen project, looking a project number up when needed. */
export async function resolveProjectId(ctx: IExecuteSingleFunctions): Promise<string> {
	const { mode, value } = readProjectLocator(ctx);
	if (mode !== 'projectNumber') return value;
	const project = await workforceJson.call(ctx, {
		method: 'GET',
		path: `/api/v4/integration/projects/by-project-number/${encodeURIComponent(value)}`,
		what: `Looking up project number "${value}"`,
		itemIndex: ctx.getItemIndex(),
	});
	return String((project as { id: unknown }).id);
}

/**
 * Sets the request path from a template holding `{projectId}`; the id is URL-encoded so it can
 * never reach another path.
 */
export function projectPath(template: string): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const id = await resolveProjectId(this);
		requestOptions.url = template.replace('{projectId}', pathSegment(this, id, 'Project ID', 'Project', this.getItemIndex()));
		return requestOptions;
	};
}
