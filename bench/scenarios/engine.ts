import { TestCredentialsHelper } from '../../test/harness/credentialsHelper';
import { CREDENTIAL_ID } from '../../test/harness/execute';
import type { Target } from '../measure';

/** A credential for the engine harness that points at the bench emulator. */
export function credentialsFor(target: Target): TestCredentialsHelper {
	const credentials = new TestCredentialsHelper();
	credentials.set(CREDENTIAL_ID, {
		clientId: target.clientId,
		clientSecret: target.clientSecret,
		scopes: 'svcapiv3 reportingapiv1',
		integrationBaseUrl: target.integration,
		extractionBaseUrl: target.extraction,
		identityBaseUrl: target.identity,
	});
	return credentials;
}
