import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { bulkOperation } from './bulk';
import { bulkMachineProperties } from './bulkFields';

/** Runs as a custom operation (see `bulk.ts`): routing sends one request per item, not arrays. */
export const createManyOption: INodePropertyOptions = {
	name: 'Create Many',
	value: 'createMany',
	action: 'Create many machines',
	description:
		'Create one machine per input item, sent in batches; a failed machine does not stop the others',
};

export const createMany = bulkOperation('create');

export const createManyProperties: INodeProperties[] = bulkMachineProperties('createMany', {
	idNote: '',
	fields: { name: 'additionalFields', displayName: 'Additional Fields' },
});
