import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { generateCACertificate, getLocal, type Mockttp } from 'mockttp';

/** The registry n8n's installer talks to; without a licence it accepts no other (real-n8n.md). */
export const DEFAULT_REGISTRY_HOST = 'registry.npmjs.org';

export interface RegistryProxy {
	/** Settings for the environment of the n8n process under test only: never this process's. */
	env: NodeJS.ProcessEnv;
	/** Every request the proxy received, as `METHOD url`, in order. */
	seen: string[];
	stop(): Promise<void>;
}

/**
 * An intercepting HTTPS proxy on loopback that answers requests for the default npm registry from
 * the local registry (`registryUrl`) and refuses everything else. Its CA, made for this run and
 * limited to the registry's host name, is trusted through NODE_EXTRA_CA_CERTS (n8n) and
 * npm_config_cafile (the npm n8n runs). The settings returned go to the n8n process under test
 * only, so nothing else on the machine sees the redirection.
 */
export async function startRegistryProxy(
	registryUrl: string,
	folder: string,
): Promise<RegistryProxy> {
	mkdirSync(folder, { recursive: true });
	const ca = await generateCACertificate({
		subject: { commonName: 'n8n-nodes-workforce e2e registry proxy' },
		nameConstraints: { permitted: [DEFAULT_REGISTRY_HOST] },
	});
	const caFile = join(folder, 'registry-proxy-ca.pem');
	writeFileSync(caFile, ca.cert);
	const proxy: Mockttp = getLocal({ https: ca });
	await proxy.start({ startPort: 20_000, endPort: 60_000 });
	const seen: string[] = [];
	await proxy.on('request-initiated', (req) => {
		seen.push(`${req.method} ${req.url}`);
	});
	await proxy.forAnyRequest().forHostname(DEFAULT_REGISTRY_HOST).thenForwardTo(registryUrl);
	await proxy
		.forUnmatchedRequest()
		.thenReply(403, 'Only the npm registry is reachable from this test');
	const url = `http://127.0.0.1:${proxy.port}`;
	return {
		env: {
			HTTPS_PROXY: url,
			HTTP_PROXY: url,
			https_proxy: url,
			http_proxy: url,
			npm_config_https_proxy: url,
			npm_config_proxy: url,
			NO_PROXY: '127.0.0.1,localhost',
			no_proxy: '127.0.0.1,localhost',
			NODE_EXTRA_CA_CERTS: caFile,
			npm_config_cafile: caFile,
			// npm's own cache in the test's folder: nothing from or to the user's ~/.npm.
			npm_config_cache: join(folder, 'npm-cache'),
		},
		seen,
		stop: async () => {
			await proxy.stop();
		},
	};
}
