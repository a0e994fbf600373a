import {
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
} from 'n8n-workflow';

import { assertFieldsToUpdate } from '../../helpers/fieldsToUpdate';
import { checkDates, checkPhones, checkRequired, dropEmpty } from '../../helpers/peopleFormats';
import { EMPLOYEE_DATES, EMPLOYEE_LABELS, EMPLOYEE_PHONES, labelsOf } from './fields';

interface PrepareOptions {
	/** Fields that must carry a value (dotted paths). */
	required?: string[];
	/** A PATCH: at least one field must be sent. */
	partial?: boolean;
	/** Name of a multi-options parameter listing fields to send as null (true PATCH clearing). */
	clearParameter?: string;
}

/**
 * Checks and normalises a v5 body: required fields present, dates to yyyy-MM-dd, phone numbers
 * international, empty optional fields dropped, "Fields to Clear" sent as explicit nulls.
 */
export function prepareEmployeeBody(options: PrepareOptions = {}) {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const body = (requestOptions.body ?? {}) as IDataObject;
		dropEmpty(body);
		if (body.employment && typeof body.employment === 'object')
			dropEmpty(body.employment as IDataObject);
		if (options.clearParameter) {
			const clears = (this.getNodeParameter(options.clearParameter, []) as string[]) ?? [];
			for (const field of clears) {
				if (field in body) {
					throw new NodeOperationError(
						this.getNode(),
						`${EMPLOYEE_LABELS[field] ?? field} is both set and cleared`,
						{
							description: `Remove "${EMPLOYEE_LABELS[field] ?? field}" either from "Update Fields" or from "Fields to Clear".`,
							itemIndex: this.getItemIndex(),
						},
					);
				}
				body[field] = null;
			}
		}
		checkRequired(this, body, labelsOf(options.required ?? []));
		checkDates(this, body, labelsOf(EMPLOYEE_DATES));
		checkPhones(this, body, labelsOf(EMPLOYEE_PHONES));
		if (options.partial) assertFieldsToUpdate(this, body, options.clearParameter !== undefined);
		requestOptions.body = body;
		return requestOptions;
	};
}
