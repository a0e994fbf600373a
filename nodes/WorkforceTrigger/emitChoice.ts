import { NodeOperationError, type IPollFunctions } from 'n8n-workflow';

import type { ChangeEvent } from './sync/changes';

/** The kinds of change a record stream emits (its Emit parameter): at least one. */
export function readEmitChoice(ctx: IPollFunctions, parameter: string): Set<ChangeEvent> {
	const chosen = ctx.getNodeParameter(parameter, ['created', 'changed', 'deleted']) as unknown;
	if (!Array.isArray(chosen) || chosen.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'Emit has no kind of change chosen', {
			description: 'Choose at least one of Created, Changed and Deleted under Emit.',
		});
	}
	return new Set(chosen as ChangeEvent[]);
}
