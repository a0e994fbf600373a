import { DEMO } from '../../emulator/seed/demo';
import type { EmulatorUrls } from './emulatorProcess';

/** The Workforce credential a sandbox or an e2e run imports: the demo admin client on this emulator. */
export function workforceCredential(id: string, name: string, urls: EmulatorUrls) {
	return {
		id,
		name,
		type: 'workforceApi',
		data: {
			clientId: DEMO.clients.admin.clientId,
			clientSecret: DEMO.clients.admin.clientSecret,
			scopes: `${DEMO.scopes.integration} ${DEMO.scopes.extraction}`,
			integrationBaseUrl: urls.integration,
			extractionBaseUrl: urls.extraction,
			identityBaseUrl: urls.identity,
		},
	};
}

/**
 * The Postgres credential of the warehouse demo (sandbox/workflows/warehouse-sync.json), on the
 * database of warehouseDatabase.ts (sandbox and e2e suite) or the queue-mode stack's Postgres.
 */
export const WAREHOUSE_CREDENTIAL = { id: 'wfWarehousePg01', name: 'Warehouse (Postgres)' };

/**
 * Values for the `%%NAME%%` placeholders of workflow fixtures. The credential's API bases are there
 * for HTTP Request nodes that use the credential ("Custom API Call"), when its data is given.
 * `filesFolder`: where demos write files (the instances' N8N_RESTRICT_FILE_ACCESS_TO).
 */
export function fixtureVars(
	credential: { id: string; name: string; data?: Record<string, string> },
	warehouse: { id: string; name: string } = WAREHOUSE_CREDENTIAL,
	filesFolder = '/tmp/n8n-workforce-demo-files',
): Record<string, string> {
	return {
		FILES_FOLDER: filesFolder,
		WAREHOUSE_CREDENTIAL_ID: warehouse.id,
		WAREHOUSE_CREDENTIAL_NAME: warehouse.name,
		CREDENTIAL_ID: credential.id,
		CREDENTIAL_NAME: credential.name,
		COMPANY_ID: DEMO.companies.parent,
		SUBSIDIARY_COMPANY_ID: DEMO.companies.subsidiary,
		...(credential.data
			? {
					INTEGRATION_BASE_URL: credential.data.integrationBaseUrl,
					EXTRACTION_BASE_URL: credential.data.extractionBaseUrl,
				}
			: {}),
	};
}
