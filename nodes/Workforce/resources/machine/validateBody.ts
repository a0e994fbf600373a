import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	PreSendAction,
} from 'n8n-workflow';

import { assertFieldsToUpdate } from '../../helpers/fieldsToUpdate';
import { failWith, normalizeMachineBody, requireText } from './fields';

/**
 * Checks the body a routed write built from the parameters. Create and Replace need Company ID
 * and Machine Number; Update needs at least one field and clears a field sent empty.
 */
export function validateMachineBody(mode: 'create' | 'replace' | 'update'): PreSendAction {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const fail = failWith(this.getNode(), this.getItemIndex());
		const body = normalizeMachineBody(
			{ ...((requestOptions.body as IDataObject | undefined) ?? {}) },
			fail,
			mode === 'update' ? 'clear' : 'omit',
		);
		if (mode === 'update') {
			assertFieldsToUpdate(this, body);
			for (const [field, label] of [
				['companyId', 'Company ID'],
				['machineNumber', 'Machine Number'],
			]) {
				if (field in body && body[field] === null)
					fail(
						`${label} cannot be cleared`,
						`Enter a value for "${field}" or remove it from "Update Fields".`,
					);
			}
		} else {
			requireText(body, 'companyId', 'Company ID', fail);
			requireText(body, 'machineNumber', 'Machine Number', fail);
		}
		requestOptions.body = body;
		return requestOptions;
	};
}
