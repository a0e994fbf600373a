import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { returnAllAndLimit } from '../../helpers/options';
import { route } from '../../helpers/routing';
import { documentNotFound, documentsUrl, parentProperties } from './parent';

const show = { show: { resource: ['document'], operation: ['getAll'] } };

export const getManyOption: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many document pages',
	description: 'List the pages (sections) of a project or work order, each with its files',
	routing: route({
		method: 'GET',
		preSend: [documentsUrl()],
		notFound: (ctx) => documentNotFound((name) => ctx.getNodeParameter(name, undefined)),
	}),
};

export const getManyProperties: INodeProperties[] = [
	...parentProperties('getAll'),
	...returnAllAndLimit(show),
];
