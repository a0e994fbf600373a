// The intercepting proxy of registryProxy.ts, in a process of its own (mockttp is partly ESM,
// which jest's module system does not load). Arguments: the local registry's URL, the registry
// host to answer for, the CA file to write, optionally the port to listen on. Prints `port <n>`
// once listening, then `seen <method> <url>` per request; stops on SIGTERM.
import { writeFileSync } from 'node:fs';

import { generateCACertificate, getLocal } from 'mockttp';

const [registryUrl, host, caFile, port] = process.argv.slice(2);
const ca = await generateCACertificate({
	subject: { commonName: 'n8n-nodes-workforce e2e registry proxy' },
	nameConstraints: { permitted: [host] },
});
writeFileSync(caFile, ca.cert);
const proxy = getLocal({ https: ca });
await proxy.start(port ? Number(port) : { startPort: 20_000, endPort: 60_000 });
await proxy.on('request-initiated', (req) => {
	process.stdout.write(`seen ${req.method} ${req.url}\n`);
});
await proxy.forAnyRequest().forHostname(host).thenForwardTo(registryUrl);
await proxy
	.forUnmatchedRequest()
	.thenReply(403, 'Only the npm registry is reachable from this test');
process.stdout.write(`port ${proxy.port}\n`);
process.on('SIGTERM', () => {
	void proxy.stop().then(() => process.exit(0));
});
