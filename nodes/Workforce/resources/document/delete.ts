import type {
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { route } from '../../helpers/routing';
import {
	documentNotFound,
	documentsUrl,
	fileReferenceProperty,
	parentProperties,
	readFileReferenceId,
} from './parent';

/** The service answers 204; say what was deleted. */
async function deletedItem(this: IExecuteSingleFunctions): Promise<INodeExecutionData[]> {
	const parent = String(this.getNodeParameter('parent', 'project'));
	const fileReferenceId = readFileReferenceId(
		this,
		this.getItemIndex(),
		this.getNodeParameter('fileReferenceId', ''),
	);
	const where: Record<string, string> = {};
	if (parent === 'workOrder') {
		where.workOrderId = String(this.getNodeParameter('workOrderId', '')).trim();
	} else {
		const locator = this.getNodeParameter('project', undefined) as
			| { mode?: string; value?: string }
			| string
			| undefined;
		const mode = typeof locator === 'object' && locator ? locator.mode : 'id';
		const value = String(
			(typeof locator === 'object' && locator ? locator.value : locator) ?? '',
		).trim();
		where[mode === 'projectNumber' ? 'projectNumber' : 'projectId'] = value;
	}
	return [{ json: { deleted: true, resource: 'document', fileReferenceId, parent, ...where } }];
}

export const deleteOption: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a document',
	description: 'Delete a document from a project or work order',
	routing: route({
		method: 'DELETE',
		preSend: [
			documentsUrl(
				(ctx) =>
					`/${encodeURIComponent(readFileReferenceId(ctx, ctx.getItemIndex(), ctx.getNodeParameter('fileReferenceId', '')))}`,
			),
		],
		postReceive: [deletedItem],
		notFound: (ctx) =>
			documentNotFound(
				(name) => ctx.getNodeParameter(name, undefined),
				String(ctx.getNodeParameter('fileReferenceId', '')).trim(),
			),
	}),
};

export const deleteProperties: INodeProperties[] = [
	...parentProperties('delete'),
	fileReferenceProperty('delete'),
];
