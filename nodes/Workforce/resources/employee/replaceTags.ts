import {
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeProperties,
	type INodePropertyOptions,
} from 'n8n-workflow';

import { CALENDAR_DAY_HINT } from '../../../shared/dateHints';
import { jsonArrayBody } from '../../../shared/n8nInternals/jsonArrayBody';
import { toDay } from '../../helpers/peopleFormats';
import { employeeLocator, employeePath } from '../../helpers/peopleLocators';
import { route } from '../../helpers/routing';

const show = { show: { resource: ['employee'], operation: ['replaceTags'] } };

const DATES: Record<string, string> = {
	applicableFromDate: 'Applicable From',
	applicableToDate: 'Applicable To',
};

/**
 * The body is the array of assignments. Each needs a tag (ID, or name for a new one; ID with an
 * assignment ID for an update); dates become yyyy-MM-dd. An empty list removes every tag, so it
 * is sent only when "Remove All Tags" says so.
 */
async function tagsBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const fail = (message: string, description: string): never => {
		throw new NodeOperationError(this.getNode(), message, {
			description,
			itemIndex: this.getItemIndex(),
		});
	};
	const collection = this.getNodeParameter('tags', {}) as IDataObject;
	const entries = (collection.assignment as IDataObject[] | undefined) ?? [];
	const body = entries.map((entry, i) => {
		const n = i + 1;
		const out: IDataObject = {};
		for (const key of ['userTagId', 'tagId', 'tagName']) {
			const value = String(entry[key] ?? '').trim();
			if (value) out[key] = value;
		}
		if (out.userTagId && !out.tagId)
			fail(
				`Tag ${n}: Tag ID is empty`,
				'Updating an existing assignment (Assignment ID set) needs its Tag ID too.',
			);
		if (!out.tagId && !out.tagName)
			fail(
				`Tag ${n}: Tag ID or Tag Name is required`,
				'Give the tag definition ID, or its name for a new assignment.',
			);
		for (const [key, label] of Object.entries(DATES)) {
			const value = entry[key];
			if (value === undefined || value === null || value === '') continue;
			const day = toDay(value);
			if (!day)
				fail(
					`Tag ${n}: ${label} is not a valid date: "${String(value)}"`,
					`Use dd.MM.yyyy or yyyy-MM-dd (field "${key}").`,
				);
			out[key] = day;
		}
		if (
			out.applicableFromDate &&
			out.applicableToDate &&
			String(out.applicableToDate) < String(out.applicableFromDate)
		) {
			fail(
				`Tag ${n}: Applicable To is before Applicable From`,
				'The end of the range must not be before its start (field "applicableToDate").',
			);
		}
		return out;
	});
	if (body.length === 0 && this.getNodeParameter('removeAllTags', false) !== true) {
		fail(
			'No tags given',
			'Replacing with an empty list removes every tag of the employee. Add tags, or turn on "Remove All Tags" if that is what you want.',
		);
	}
	// "Remove all" is an empty array, which n8n would not send as it is.
	return jsonArrayBody(requestOptions, body);
}

export const replaceTagsOption: INodePropertyOptions = {
	name: 'Replace Tags',
	value: 'replaceTags',
	action: 'Replace the tags of an employee',
	description:
		'Make the listed assignments the complete set: new ones are added, changed dates updated, unlisted ones removed',
	routing: route({ method: 'PUT', preSend: [tagsBody, employeePath('/tags')] }),
};

export const replaceTagsProperties: INodeProperties[] = [
	employeeLocator(show),
	{
		displayName: 'Assignments not listed here are removed from the employee',
		name: 'replaceTagsNotice',
		type: 'notice',
		default: '',
		displayOptions: show,
	},
	{
		displayName: 'Tags',
		name: 'tags',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Tag',
		default: {},
		displayOptions: show,
		options: [
			{
				displayName: 'Assignment',
				name: 'assignment',
				values: [
					{
						displayName: 'Applicable From',
						name: 'applicableFromDate',
						type: 'dateTime',
						default: '',
						description: `Required for payroll tags. ${CALENDAR_DAY_HINT}.`,
					},
					{
						displayName: 'Applicable To',
						name: 'applicableToDate',
						type: 'dateTime',
						default: '',
						description: `Leave empty for open-ended. ${CALENDAR_DAY_HINT}.`,
					},
					{
						displayName: 'Assignment ID',
						name: 'userTagId',
						type: 'string',
						default: '',
						description:
							'ID of an existing assignment (userTagId) to change its dates; leave empty for a new one',
					},
					{
						displayName: 'Tag ID',
						name: 'tagId',
						type: 'string',
						default: '',
						description: 'ID of the tag definition; required when Assignment ID is set',
					},
					{
						displayName: 'Tag Name',
						name: 'tagName',
						type: 'string',
						default: '',
						description: 'Name of the tag, instead of Tag ID, for a new assignment',
					},
				],
			},
		],
	},
	{
		displayName: 'Remove All Tags',
		name: 'removeAllTags',
		type: 'boolean',
		default: false,
		description: 'Whether an empty list may be sent, which removes every tag of the employee',
		displayOptions: show,
	},
];
