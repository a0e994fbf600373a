import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { machineLocator } from '../../helpers/machineLocator';
import { bulkOperation } from './bulk';
import { bulkMachineProperties } from './bulkFields';
import { replaceNotice } from './replace';

/** Runs as a custom operation (see `bulk.ts`). */
export const replaceManyOption: INodePropertyOptions = {
	name: 'Replace Many',
	value: 'replaceMany',
	action: 'Replace many machines',
	description:
		'Replace one machine per input item, sent in batches; a failed machine does not stop the others',
};

export const replaceMany = bulkOperation('replace');

export const replaceManyProperties: INodeProperties[] = bulkMachineProperties('replaceMany', {
	idNote: '; the machine is found by its id, or else by its machineNumber',
	locate: (mapped, show) => [
		machineLocator(mapped, 'The machine each input item replaces (map its ID or machine number)'),
		replaceNotice(show),
	],
	fields: { name: 'fields', displayName: 'Fields' },
});
