import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { workforceJson } from '../../shared/transport';

interface ProjectSummary {
	id: string;
	projectNumber: string;
	name?: string | null;
	active?: boolean;
}

/** Projects for the project picker, filtered by number or name; active ones first. */
export async function searchProjects(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const projects = await workforceJson.call<
		ILoadOptionsFunctions,
		[Parameters<typeof workforceJson>[0]],
		Promise<ProjectSummary[]>
	>(this, {
		method: 'GET',
		path: '/api/v4/integration/projects',
		what: 'Listing projects',
	});
	const needle = (filter ?? '').trim().toLowerCase();
	const results = (Array.isArray(projects) ? projects : [])
		.filter((p) => !needle || `${p.projectNumber} ${p.name ?? ''}`.toLowerCase().includes(needle))
		.sort(
			(a, b) =>
				Number(b.active ?? false) - Number(a.active ?? false) ||
				a.projectNumber.localeCompare(b.projectNumber),
		)
		.map((p) => ({
			name: p.name ? `${p.projectNumber} · ${p.name}` : p.projectNumber,
			value: p.id,
		}));
	return { results };
}
