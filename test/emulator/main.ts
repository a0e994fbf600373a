/* `npm run emulator`: the emulator with demo data, in the foreground, until Ctrl+C. */
import type { LatencySettings } from './core/latency';
import { DEMO, startEmulator } from './index';

async function main() {
	const port = Number(process.env.WORKFORCE_EMULATOR_PORT ?? 5680);
	// WORKFORCE_EMULATOR_TIME_REGISTRATIONS: how many generated time registrations (default 600).
	const timeRegistrations = process.env.WORKFORCE_EMULATOR_TIME_REGISTRATIONS;
	const emulator = await startEmulator({
		port,
		...(timeRegistrations ? { workData: { timeRegistrations: Number(timeRegistrations) } } : {}),
	});
	const { urls } = emulator;
	const lines = [
		'Workforce service emulator is running.',
		'',
		`  Integration API base (base_url):      ${urls.integration}`,
		`  Data extraction API base (reporting): ${urls.extraction}`,
		`  Token issuer base (identity):         ${urls.identity}`,
		'',
		`  Client ID:     ${DEMO.clients.admin.clientId}`,
		`  Client secret: ${DEMO.clients.admin.clientSecret}`,
		`  Scopes:        ${DEMO.scopes.integration} ${DEMO.scopes.extraction}`,
		'',
		`  Test control surface: ${urls.control}/info`,
		`  Clock:         ${emulator.ctx.clock.state().mode} (WORKFORCE_EMULATOR_CLOCK; POST ${urls.control}/clock to change)`,
		`  Latency:       ${describeLatency(emulator.ctx.latency.settings)} (WORKFORCE_EMULATOR_LATENCY=internet|loopback|key=value,...; POST ${urls.control}/latency to change)`,
		'Press Ctrl+C to stop.',
	];
	console.log(lines.join('\n'));
	const stop = () => void emulator.close().then(() => process.exit(0));
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

function describeLatency(s: LatencySettings): string {
	if (!Object.entries(s).some(([key, value]) => key !== 'retryAfterSeconds' && value > 0))
		return 'off (loopback)';
	return `${s.ttfbMs} ms to first byte, ${s.perRecordMs} ms per record, ${s.bytesPerSecond ? `${s.bytesPerSecond / 1e6} MB/s per connection` : 'no bandwidth limit'}, ${s.maxConcurrent ? `${s.maxConcurrent} requests at once (429 above, 503 from ${s.overloadAt || 2 * s.maxConcurrent})` : 'no concurrency limit'}`;
}

void main();
