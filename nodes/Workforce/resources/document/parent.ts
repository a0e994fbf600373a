import {
	NodeOperationError,
	type IExecuteFunctions,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeParameterResourceLocator,
	type INodeProperties,
	type PreSendAction,
} from 'n8n-workflow';

import { projectIdOfNumber, projectLocator } from '../../helpers/locators';
import { betterMode, notFoundOf, PICKERS } from '../../helpers/pickerHints';
import type { NotFound } from '../../../shared/transport/errors';
import { assertSegment, pathSegment } from '../../../shared/transport/pathSegment';

export type ParentKind = 'project' | 'workOrder';

/** "Parent" (project or work order), the project picker and the work order id, for one operation. */
export function parentProperties(operation: string): INodeProperties[] {
	const show = { show: { resource: ['document'], operation: [operation] } };
	return [
		{
			displayName: 'Parent',
			name: 'parent',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Project',
					value: 'project',
					description: "Documents on the project's information pages",
				},
				{
					name: 'Work Order',
					value: 'workOrder',
					description:
						'Documents of a work order; they sit on a page of its project named after the work order number',
				},
			],
			default: 'project',
			description: 'Whether the documents belong to a project or to a work order',
			displayOptions: show,
		},
		projectLocator(
			{ show: { ...show.show, parent: ['project'] } },
			'The project whose documents to work with',
		),
		{
			displayName: 'Work Order ID',
			name: 'workOrderId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 3f0c6a2e-7d3b-4a51-9d0e-2b1f5c8e9a10',
			description:
				'Generated ID of the work order (the ID returned when it was created, not its number)',
			displayOptions: { show: { ...show.show, parent: ['workOrder'] } },
		},
	];
}

export interface ResolvedParent {
	kind: ParentKind;
	/** The generated id used in the path. */
	id: string;
	/** What the user entered, for output items. */
	label: Record<string, string>;
	/** `/api/v4/integration/{projects|tasks}/{id}/documents`, id encoded. */
	documentsPath: string;
}

type Ctx = IExecuteFunctions | IExecuteSingleFunctions;

/** Reads Parent and the chosen project or work order; looks a project number up when needed. */
export async function resolveParent(
	ctx: Ctx,
	itemIndex: number,
	param: (name: string) => unknown,
): Promise<ResolvedParent> {
	const kind = (param('parent') ?? 'project') as ParentKind;
	if (kind === 'workOrder') {
		const id = String(param('workOrderId') ?? '').trim();
		if (id === '') {
			throw new NodeOperationError(ctx.getNode(), 'Work Order ID is empty', {
				description:
					'Enter the generated ID of the work order in "Work Order ID" (Work Order > Get Many lists them).',
				itemIndex,
			});
		}
		const segment = pathSegment(ctx, id, 'Work Order ID', 'Work Order ID', itemIndex);
		return {
			kind,
			id,
			label: { workOrderId: id },
			documentsPath: `/api/v4/integration/tasks/${segment}/documents`,
		};
	}
	const locator = param('project') as INodeParameterResourceLocator | string | undefined;
	const mode = typeof locator === 'object' && locator ? String(locator.mode) : 'id';
	const value = String(
		(typeof locator === 'object' && locator ? locator.value : locator) ?? '',
	).trim();
	if (value === '') {
		throw new NodeOperationError(ctx.getNode(), 'Project is empty', {
			description: 'Pick a project from the list, or enter its ID or project number in "Project".',
			itemIndex,
		});
	}
	assertSegment(
		ctx,
		value,
		mode === 'projectNumber' ? 'Project number' : 'Project ID',
		'Project',
		itemIndex,
	);
	let id = value;
	if (mode === 'projectNumber') {
		id = await projectIdOfNumber(ctx, value, itemIndex);
	}
	return {
		kind,
		id,
		label: mode === 'projectNumber' ? { projectId: id, projectNumber: value } : { projectId: id },
		documentsPath: `/api/v4/integration/projects/${pathSegment(ctx, id, 'Project ID', 'Project', itemIndex)}/documents`,
	};
}

/**
 * What a 404 of a document operation says: the parent it looked in, how, and the document. Read
 * from the parameters as entered (no lookup), so routed operations can say it after the answer.
 */
export function documentNotFound(
	param: (name: string) => unknown,
	fileReferenceId?: string,
): NotFound {
	if (param('parent') === 'workOrder') {
		const id = String(param('workOrderId') ?? '').trim();
		const parent = `work order ID "${id}"`;
		const advice =
			'Work Order ID takes the generated ID returned when the work order was created (Work Order > Get Many lists them), not its work order number.';
		return fileReferenceId === undefined
			? { what: `No work order with ID "${id}"`, advice }
			: inParent(parent, 'work order', fileReferenceId, advice);
	}
	const locator = param('project') as INodeParameterResourceLocator | string | undefined;
	const mode = typeof locator === 'object' && locator ? String(locator.mode) : 'id';
	const value = String((typeof locator === 'object' && locator ? locator.value : locator) ?? '');
	const project = notFoundOf(PICKERS.project, mode, value.trim());
	if (fileReferenceId === undefined) return project;
	// The project's words only when its value has the other mode's shape: the document may be what is missing.
	const hint = betterMode(PICKERS.project, mode, value.trim()) ? project.advice : '';
	return inParent(
		`project ${mode === 'projectNumber' ? 'number' : 'ID'} "${value.trim()}"`,
		'project',
		fileReferenceId,
		hint,
	);
}

function inParent(parent: string, kind: string, fileReferenceId: string, parentAdvice: string) {
	return {
		what: `No document "${fileReferenceId}" found under ${parent}`,
		advice:
			`Either the document or the ${kind} does not exist. File Reference ID takes fileReference.id from Upload or fileReferenceId from Get Many, of a document of this ${kind}. ${parentAdvice}`.trim(),
	};
}

/** The same for custom operations (item by item). */
export async function resolveParentOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<ResolvedParent> {
	return await resolveParent(ctx, itemIndex, (name) =>
		ctx.getNodeParameter(name, itemIndex, undefined),
	);
}

/** Routed operations: sets the URL to the parent's documents path plus `suffix(ctx)`. */
export function documentsUrl(suffix?: (ctx: IExecuteSingleFunctions) => string): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const parent = await resolveParent(this, this.getItemIndex(), (name) =>
			this.getNodeParameter(name, undefined),
		);
		requestOptions.url = parent.documentsPath + (suffix ? suffix(this) : '');
		return requestOptions;
	};
}

/** The document handle parameter (fileReference.id of an upload, fileReferenceId of a list). */
export function fileReferenceProperty(operation: string): INodeProperties {
	return {
		displayName: 'File Reference ID',
		name: 'fileReferenceId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 9b2f0c1e-5a7d-4e3b-8c61-0d2e4f6a8b10',
		description:
			'Handle of the document: fileReference.ID from the upload, or fileReferenceId from Get Many',
		displayOptions: { show: { resource: ['document'], operation: [operation] } },
	};
}

/** Reads the document handle; a missing value is a clear error; encoded for the path. */
export function readFileReferenceId(ctx: Ctx, itemIndex: number, value: unknown): string {
	const id = String(value ?? '').trim();
	if (id === '') {
		throw new NodeOperationError(ctx.getNode(), 'File Reference ID is empty', {
			description:
				'Enter the document\'s fileReference.id (from Upload) or fileReferenceId (from Get Many) in "File Reference ID".',
			itemIndex,
		});
	}
	assertSegment(ctx, id, 'File Reference ID', 'File Reference ID', itemIndex);
	return id;
}
