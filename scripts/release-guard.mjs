// `prepublishOnly`: a release is published by .github/workflows/publish.yml only, where npm signs
// it with provenance through trusted publishing. A publish from a laptop would ship an unattested
// version that n8n's verification scanner rejects, so it is refused here (as `n8n-node prerelease`
// refuses any publish outside its release command).
const inActions = process.env.GITHUB_ACTIONS === 'true';
const publishing = process.env.npm_command === 'publish';

if (!inActions) {
	console.error(
		'Refusing to publish from this machine: releases are published by GitHub Actions with npm provenance.\n' +
			'Push a version tag instead (docs/development.md, Releasing): git tag v<version> && git push origin v<version>',
	);
	process.exit(1);
}
if (
	publishing &&
	process.env.GITHUB_WORKFLOW_REF &&
	!/\/\.github\/workflows\/publish\.yml@/.test(process.env.GITHUB_WORKFLOW_REF)
) {
	console.error(
		`Refusing to publish from ${process.env.GITHUB_WORKFLOW_REF}: only .github/workflows/publish.yml publishes.`,
	);
	process.exit(1);
}
