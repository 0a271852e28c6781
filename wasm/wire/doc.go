// Package wire holds the HTTP API's request and answer types (POST
// /api/run; assets/docs/api.md lists their fields), one request type per task, shared by the
// server (package api) and the page, which builds requests and reads
// answers with them. It does not import encoding/json: the server decodes
// with it, the page converts through Tree and FromTree and the browser's
// own JSON, so that the page's download carries no JSON encoder.
package wire
