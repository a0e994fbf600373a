/*
 * Return All over every time registration: n8n's own HTTP Request node (v4.2) with its
 * pagination option, as a user would set it up without this package (token fetched once and
 * sent as a header). The node comes from the n8n runtime the end-to-end tests install.
 */
import { executeNode } from '../../test/harness/execute';
import { report, targetFromEnv } from '../measure';
import { credentialsFor } from './engine';
import { fetchToken } from './token';
import { HTTP_REQUEST_PAGINATION } from '../httpRequestPagination';

const run = async (paginate: boolean) => {
	const runtime = process.env.BENCH_N8N_RUNTIME;
	if (!runtime) throw new Error('BENCH_N8N_RUNTIME is not set');
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { HttpRequest } = require(
		`${runtime}/node_modules/n8n-nodes-base/dist/nodes/HttpRequest/HttpRequest.node.js`,
	);
	const target = targetFromEnv();
	const token = await fetchToken(target, 'reportingapiv1');
	const result = await executeNode({
		credentials: credentialsFor(target),
		nodeType: 'n8n-nodes-base.httpRequest',
		extraNodeTypes: { 'n8n-nodes-base.httpRequest': new HttpRequest().nodeVersions[4.2] },
		settings: { typeVersion: 4.2 } as never,
		parameters: {
			url: `${target.extraction}/v1/time-registrations${paginate ? '' : '?ChunkLimit=10'}`,
			authentication: 'none',
			sendHeaders: true,
			headerParameters: { parameters: [{ name: 'Authorization', value: `Bearer ${token}` }] },
			options: paginate ? { pagination: HTTP_REQUEST_PAGINATION } : {},
		},
	});
	if (result.error) throw result.error;
	// The HTTP Request node returns one item per page; count the records inside.
	const records = result.items.reduce(
		(n, item) => n + ((item.json.data as unknown[] | undefined)?.length ?? 0),
		0,
	);
	return { records };
};

void report(
	async () => await run(true),
	async () => await run(false),
);
