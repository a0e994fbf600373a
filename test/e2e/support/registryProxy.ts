import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

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
 * An intercepting HTTPS proxy on loopback (mockttp, in a process of its own) that answers requests
 * for the default npm registry from the local registry (`registryUrl`) and refuses everything
 * else. Its CA, made for this run and limited to the registry's host name, is trusted through
 * NODE_EXTRA_CA_CERTS (n8n) and npm_config_cafile (the npm n8n runs). The settings returned go to
 * the n8n process under test only, so nothing else on the machine sees the redirection.
 */
export async function startRegistryProxy(
	registryUrl: string,
	folder: string,
): Promise<RegistryProxy> {
	mkdirSync(folder, { recursive: true });
	const caFile = join(folder, 'registry-proxy-ca.pem');
	const child = spawn(
		process.execPath,
		[join(__dirname, 'registryProxyProcess.mjs'), registryUrl, DEFAULT_REGISTRY_HOST, caFile],
		{ stdio: ['ignore', 'pipe', 'pipe'] },
	);
	const seen: string[] = [];
	let errors = '';
	child.stderr.on('data', (d: Buffer) => (errors = (errors + d.toString()).slice(-5000)));
	const port = await new Promise<number>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error('The registry proxy did not start')), 60_000);
		createInterface({ input: child.stdout }).on('line', (line) => {
			if (line.startsWith('port ')) {
				clearTimeout(timer);
				resolve(Number(line.slice(5)));
			} else if (line.startsWith('seen ')) seen.push(line.slice(5));
		});
		child.once('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`The registry proxy exited with ${code}: ${errors}`));
		});
	});
	const url = `http://127.0.0.1:${port}`;
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
			if (child.exitCode !== null) return;
			const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
			child.kill('SIGTERM');
			const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
			await exited;
			clearTimeout(timer);
		},
	};
}
