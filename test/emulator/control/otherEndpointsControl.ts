import { validationError } from '../core/apiError';
import type { Router } from '../core/router';
import { emulatedEndpoint } from '../extraction/otherEndpoints/endpoints';
import type { Emulator } from '../server';

type Body = { endpoint?: string; action?: string; id?: string; fields?: Record<string, unknown> };

/**
 * POST /__control/other-endpoints: a process outside the emulator (the end-to-end tests, the
 * sandbox) adds, changes or deletes records of the other extraction endpoints, as a user of the
 * service would. `{ endpoint: 'v1/project', action: 'add', fields? }`,
 * `{ endpoint, action: 'change', id, fields }`, `{ endpoint, action: 'delete', id }`.
 * Answers the record as the service serves it afterwards (emulator clock).
 */
export function registerOtherEndpointsControl(router: Router, emulator: Emulator) {
	router.post(
		'/other-endpoints',
		async (req) => {
			const section = emulator.ctx.sections.otherEndpoints;
			const { endpoint, action, id, fields } = ((await req.json()) ?? {}) as Body;
			if (typeof endpoint !== 'string' || !emulatedEndpoint(endpoint))
				throw validationError(
					'endpoint',
					`endpoint must be one of the emulated paths, such as v1/project (got ${JSON.stringify(endpoint)}).`,
				);
			if (action === 'add')
				return { status: 201, body: { record: section.add(endpoint, fields ?? {}) } };
			if (action !== 'change' && action !== 'delete')
				throw validationError('action', "action must be 'add', 'change' or 'delete'.");
			const record = typeof id === 'string' ? section.table(endpoint).get(id) : undefined;
			if (!record) throw validationError('id', `No ${endpoint} record ${String(id)}.`);
			if (record.deleted)
				throw validationError('id', `The ${endpoint} record ${String(id)} is deleted.`);
			const served =
				action === 'change'
					? section.change(endpoint, record.id, fields ?? {})
					: section.delete(endpoint, record.id);
			return { status: 200, body: { record: served } };
		},
		'none',
	);
}
