// `npm run scan`: n8n's verification scanner (@n8n/scan-community-package), offline. Its analyzer
// lints the source the way the scanner lints the commit a provenance attestation names, then the
// packed tarball the way it lints what npm serves. The third leg, the provenance check, needs a
// version published to npm: skipped here, saying so (`--published <version>` runs the whole
// online scan of a published version, as n8n's reviewers do).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
	SOURCE_FILE_PATTERNS,
	analyzePackage,
	analyzePackageByName,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// The scanner's tarball leg: compiled JavaScript and the published package.json.
const TARBALL_FILE_PATTERNS = ['**/*.js', 'package.json'];

function report(label, result) {
	if (result.passed) {
		console.log(`ok   ${label}${result.message ? ` (${result.message})` : ''}`);
		return true;
	}
	console.log(`FAIL ${label}: ${result.message}`);
	if (result.details) console.log(result.details);
	return false;
}

async function scanPublished(version) {
	const { name } = JSON.parse(
		execFileSync('npm', ['pkg', 'get', 'name', '--json'], { cwd: root, encoding: 'utf8' }).replace(
			/^"(.*)"\s*$/,
			'{"name":"$1"}',
		),
	);
	return report(
		`published ${name}@${version} (provenance, attested source, tarball)`,
		await analyzePackageByName(name, version),
	);
}

function pack(into) {
	if (!existsSync(join(root, 'dist', 'index.js'))) {
		throw new Error(
			'dist/ is missing: run `npm run build` before `npm run scan` (the tarball leg scans the built package).',
		);
	}
	execFileSync('npm', ['pack', '--silent', '--pack-destination', into], {
		cwd: root,
		stdio: ['ignore', 'ignore', 'inherit'],
	});
	const tarball = readdirSync(into).find((file) => file.endsWith('.tgz'));
	if (!tarball) throw new Error('npm pack wrote no tarball');
	const dir = join(into, 'package');
	execFileSync('tar', ['-xzf', join(into, tarball), '-C', into]);
	return dir;
}

async function main() {
	const flag = process.argv.indexOf('--published');
	if (flag !== -1) {
		const version = process.argv[flag + 1];
		if (!version) throw new Error('--published needs a version, for example --published 0.1.0');
		return scanPublished(version);
	}
	const work = mkdtempSync(join(tmpdir(), 'wf-scan-'));
	try {
		const source = report(
			`source (${SOURCE_FILE_PATTERNS.join(', ')})`,
			await analyzePackage(root, SOURCE_FILE_PATTERNS),
		);
		const packed = report(
			`packed tarball (${TARBALL_FILE_PATTERNS.join(', ')})`,
			await analyzePackage(pack(work), TARBALL_FILE_PATTERNS),
		);
		console.log(
			'skip provenance: it needs a version published from GitHub Actions (`npm run scan -- --published <version>` checks one)',
		);
		return source && packed;
	} finally {
		rmSync(work, { recursive: true, force: true });
	}
}

main().then(
	(passed) => {
		process.exitCode = passed ? 0 : 1;
	},
	(error) => {
		console.error(`scan: ${error.message}`);
		process.exitCode = 1;
	},
);
