import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

import { REPO_ROOT } from './runtime';

/**
 * Workflow fixtures are n8n workflow JSON files (as exported from the editor). Values that
 * depend on the run are written as `%%NAME%%` placeholders, filled in before import:
 * `%%CREDENTIAL_ID%%`, `%%CREDENTIAL_NAME%%` (the imported Workforce credential),
 * `%%COMPANY_ID%%` (the demo company), `%%WORKFLOW_ID_<NAME>%%` (another workflow of the folder)
 * and whatever else the caller passes.
 */
export interface WorkflowFixture {
	/** File name without `.json`: the name tests run it by. */
	name: string;
	/** Stable id derived from the folder and name, so reruns and re-imports replace, not duplicate. */
	id: string;
	workflow: Record<string, unknown> & { nodes: Array<{ type: string; name: string }> };
}

export function loadWorkflowFixtures(
	folder: string,
	given: Record<string, string>,
): WorkflowFixture[] {
	const files = readdirSync(folder)
		.filter((file) => file.endsWith('.json'))
		.sort();
	// `%%WORKFLOW_ID_<NAME>%%`: the id of the folder's workflow <name>.json (upper case, `_` for `-`),
	// for an Execute Workflow node calling a sub-workflow of the same folder.
	const vars = {
		...Object.fromEntries(
			files.map((file) => {
				const name = basename(file, '.json');
				return [`WORKFLOW_ID_${name.toUpperCase().replace(/-/g, '_')}`, workflowId(folder, name)];
			}),
		),
		...given,
	};
	return files.map((file) => {
		const name = basename(file, '.json');
		const text = readFileSync(join(folder, file), 'utf8').replace(
			/%%([A-Z0-9_]+)%%/g,
			(_, key: string) => {
				if (!(key in vars))
					throw new Error(
						`${join(folder, file)}: unknown placeholder %%${key}%% (known: ${Object.keys(vars).join(', ')})`,
					);
				return vars[key];
			},
		);
		const workflow = JSON.parse(text) as WorkflowFixture['workflow'];
		const id = workflowId(folder, name);
		return { name, id, workflow: { active: false, settings: {}, ...workflow, id } };
	});
}

/** The suite's fixture folders: its own cases, and the sandbox's demo workflows (run to prove they work). */
const FIXTURE_FOLDERS: Array<{ prefix: string; folder: string }> = [
	{ prefix: '', folder: join(REPO_ROOT, 'test', 'e2e', 'workflows') },
	{ prefix: 'sandbox/', folder: join(REPO_ROOT, 'sandbox', 'workflows') },
];

/** Every workflow fixture of the suite, each with its key: its name, `sandbox/<name>` for a demo. */
export function loadSuiteFixtures(vars: Record<string, string>) {
	return FIXTURE_FOLDERS.flatMap(({ prefix, folder }) =>
		loadWorkflowFixtures(folder, vars).map((f) => ({ ...f, key: prefix + f.name })),
	);
}

/** n8n workflow ids are short strings (at most 21 characters for `n8n execute --id`). */
function workflowId(folder: string, name: string): string {
	return (
		'wf' +
		createHash('sha256')
			.update(`${basename(folder)}/${name}`)
			.digest('hex')
			.slice(0, 14)
	);
}

/** The name of the workflow's Manual Trigger: where a run through n8n's REST API starts. */
export function manualTriggerName(fixture: WorkflowFixture): string | undefined {
	return fixture.workflow.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger')?.name;
}
