import {
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
} from 'n8n-workflow';

import { assertFieldsToUpdate } from '../../helpers/fieldsToUpdate';
import { checkDates, checkPhones, checkRequired, dropEmpty } from '../../helpers/peopleFormats';
import { USER_DATE_FIELDS, USER_PHONE_FIELDS, USER_REQUIRED_LABELS } from './fields';

/** `{ tag: [{ key, value }] }` from the fixed collection -> `[{ key, value }]`; keys are required. */
function tagsArray(ctx: IExecuteSingleFunctions, tags: unknown): IDataObject[] {
	const list = Array.isArray(tags)
		? tags
		: (((tags as IDataObject | undefined)?.tag as IDataObject[] | undefined) ?? []);
	return list.map((t, i) => {
		const key = String((t as IDataObject).key ?? '').trim();
		if (!key) {
			throw new NodeOperationError(ctx.getNode(), `Tag ${i + 1} has no key`, {
				description: 'Every tag under "Tags" needs a Key (the Value may be empty).',
				itemIndex: ctx.getItemIndex(),
			});
		}
		return { key, value: String((t as IDataObject).value ?? '') };
	});
}

/**
 * Checks and normalises a v4 user body: required fields present (create and replace), dates to
 * yyyy-MM-dd, phone numbers international, tags as an array, empty optional fields dropped.
 */
export function prepareUserBody(mode: 'full' | 'partial') {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const body = (requestOptions.body ?? {}) as IDataObject;
		if ('tags' in body) body.tags = tagsArray(this, body.tags);
		dropEmpty(body);
		if (mode === 'full') checkRequired(this, body, USER_REQUIRED_LABELS);
		checkDates(this, body, USER_DATE_FIELDS);
		checkPhones(this, body, USER_PHONE_FIELDS);
		if (mode === 'partial') assertFieldsToUpdate(this, body);
		requestOptions.body = body;
		return requestOptions;
	};
}
