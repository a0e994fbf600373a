import type { TimeRegistrationInput } from '../extraction/workModel';
import { validationError } from '../core/apiError';
import type { Router } from '../core/router';
import type { Emulator } from '../server';

type Body = {
	action?: string;
	id?: string;
	ids?: string[];
	indexes?: number[];
	patch?: TimeRegistrationInput;
} & TimeRegistrationInput;

/**
 * POST /__control/work-data/time-registrations: a process outside the emulator (the end-to-end
 * tests, the sandbox) adds, changes or deletes time registrations, as a user of the service would.
 * `{ action: 'add', ...fields }`, `{ action: 'change', id | ids | indexes, patch }`, `{ action: 'delete', id | ids | indexes }`.
 * Answers the ids touched and the modification time (emulator clock).
 */
export function registerWorkDataControl(router: Router, emulator: Emulator) {
	router.post(
		'/work-data/time-registrations',
		async (req) => {
			const data = emulator.ctx.sections.workData.data;
			const { action, id, ids, indexes, patch, ...fields } = ((await req.json()) ?? {}) as Body;
			// indexes: the n-th generated registrations, for a caller that has not read any ids yet.
			const targets =
				ids ?? (id ? [id] : (indexes ?? []).map((i) => data.timeRegistrationId(Number(i))));
			if (action === 'add') {
				const index = data.addTimeRegistration(fields);
				return {
					status: 201,
					body: {
						ids: [data.timeRegistrationId(index)],
						modifiedDateTime: emulator.ctx.clock.nowIso(),
					},
				};
			}
			if (action !== 'change' && action !== 'delete')
				throw validationError('action', "action must be 'add', 'change' or 'delete'.");
			if (targets.length === 0) throw validationError('id', `${action} needs id, ids or indexes.`);
			for (const target of targets)
				if (data.indexOf(target) === undefined)
					throw validationError('id', `No time registration ${target}.`);
			if (action === 'change') data.changeTimeRegistrations(targets, patch ?? {});
			else data.deleteTimeRegistrations(targets);
			return { status: 200, body: { ids: targets, modifiedDateTime: emulator.ctx.clock.nowIso() } };
		},
		'none',
	);
}
