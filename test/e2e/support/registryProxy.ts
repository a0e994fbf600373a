import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

import { REPO_ROOT } from './runtime';

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
	const child = spawn(process.execPath, registryProxyArgs(registryUrl, caFile), {
		stdio: ['ignore', 'pipe', 'pipe'],
	});
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
	return {
		env: registryProxyEnv(`http://127.0.0.1:${port}`, caFile, join(folder, 'npm-cache')),
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

/**
 * Arguments for `node` to run the proxy process: it writes its CA to `caFile`, prints `port <n>`
 * once listening (on `port` when given, else a free one), then `seen <method> <url>` per request.
 */
export function registryProxyArgs(registryUrl: string, caFile: string, port?: number): string[] {
	return [
		join(REPO_ROOT, 'test', 'e2e', 'support', 'registryProxyProcess.mjs'),
		registryUrl,
		DEFAULT_REGISTRY_HOST,
		caFile,
		...(port ? [String(port)] : []),
	];
}

/**
 * The settings that send an n8n process's npm calls for the default registry through the proxy at
 * `proxyUrl` (loopback stays direct) and trust its CA; `npmCache`: npm's cache for that process,
 * so nothing comes from or goes to the user's ~/.npm.
 */
export function registryProxyEnv(
	proxyUrl: string,
	caFile: string,
	npmCache: string,
): NodeJS.ProcessEnv {
	return {
		HTTPS_PROXY: proxyUrl,
		HTTP_PROXY: proxyUrl,
		https_proxy: proxyUrl,
		http_proxy: proxyUrl,
		npm_config_https_proxy: proxyUrl,
		npm_config_proxy: proxyUrl,
		NO_PROXY: '127.0.0.1,localhost',
		no_proxy: '127.0.0.1,localhost',
		NODE_EXTRA_CA_CERTS: caFile,
		npm_config_cafile: caFile,
		npm_config_cache: npmCache,
	};
}
