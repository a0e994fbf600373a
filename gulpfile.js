// Copies what tsc does not emit (node and credential icons, codex files, the package entry) into dist/.
const path = require('path');
const { task, src, dest } = require('gulp');

task('build:icons', copyAssets);

function copyAssets() {
	const nodeSource = path.resolve('nodes', '**', '*.{png,svg,json}');
	const nodeDestination = path.resolve('dist', 'nodes');
	src(nodeSource, { encoding: false }).pipe(dest(nodeDestination));

	src(path.resolve('index.js')).pipe(dest(path.resolve('dist')));

	const credSource = path.resolve('credentials', '**', '*.{png,svg}');
	const credDestination = path.resolve('dist', 'credentials');
	return src(credSource, { encoding: false }).pipe(dest(credDestination));
}
