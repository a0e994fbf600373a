// n8n loads this package through the `n8n` field of package.json (its nodes and credentials);
// nothing is exported here. The build copies this file to dist/, which `main` names, so the
// published tarball holds only dist/ (JavaScript, icons, codex files), README, LICENSE, CHANGELOG
// and package.json.
module.exports = {};
