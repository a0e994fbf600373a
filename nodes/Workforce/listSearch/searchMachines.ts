import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { MACHINES_PATH } from '../helpers/machineLocator';
import { workforceJson } from '../../shared/transport';

interface MachineSummary {
	id: string;
	machineNumber: string;
	name?: string | null;
	active?: boolean;
	isEquipment?: boolean;
}

/** Machines and equipment for the machine picker, filtered by number or name; active ones first. */
export async function searchMachines(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const machines = await workforceJson.call<
		ILoadOptionsFunctions,
		[Parameters<typeof workforceJson>[0]],
		Promise<MachineSummary[]>
	>(this, {
		method: 'GET',
		path: MACHINES_PATH,
		what: 'Listing machines',
	});
	const needle = (filter ?? '').trim().toLowerCase();
	const results = (Array.isArray(machines) ? machines : [])
		.filter((m) => !needle || `${m.machineNumber} ${m.name ?? ''}`.toLowerCase().includes(needle))
		.sort(
			(a, b) =>
				Number(b.active ?? false) - Number(a.active ?? false) ||
				String(a.machineNumber).localeCompare(String(b.machineNumber)),
		)
		.map((m) => {
			const label = m.name ? `${m.machineNumber} · ${m.name}` : m.machineNumber;
			return { name: m.isEquipment ? `${label} (equipment)` : label, value: m.id };
		});
	return { results };
}
