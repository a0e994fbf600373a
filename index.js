// n8n loads the package through the `n8n` field of package.json; nothing to export here.
module.exports = {};
