import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { workforceJson } from '../../shared/transport';

interface MachineTypeSummary {
	typeId: string;
	name?: string | null;
}

/** The company's machine types (GET /api/MachineType); only typeId is guaranteed by the specification. */
export async function getMachineTypes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const types = await workforceJson.call<
		ILoadOptionsFunctions,
		[Parameters<typeof workforceJson>[0]],
		Promise<MachineTypeSummary[]>
	>(this, {
		method: 'GET',
		path: '/api/MachineType',
		what: 'Listing machine types',
	});
	return (Array.isArray(types) ? types : [])
		.filter((t) => t && typeof t.typeId === 'string' && t.typeId !== '')
		.map((t) => ({ name: t.name ? `${t.name} (${t.typeId})` : t.typeId, value: t.typeId }))
		.sort((a, b) => a.name.localeCompare(b.name));
}
