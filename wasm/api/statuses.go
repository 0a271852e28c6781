package api

// Status is an HTTP status the API answers with, and when.
type Status struct {
	Code int
	When string
}

// Statuses are every status the API answers with; a test finds each one
// the package's code uses here. Every error answer is JSON,
// {"error": "…"}, naming the field and the reason.
var Statuses = []Status{
	{200, "the answer"},
	{204, "a CORS preflight (OPTIONS): any origin may call the API, which has no credentials"},
	{400, "a bad request: not JSON, a key given twice or matching a field only case-insensitively, an unknown field (a field of another task among them), a value out of its range, an unknown learner (the message lists the known ids), data that cannot be read, a run over a limit; the message names the field and the reason"},
	{404, "no such endpoint (the message lists them)"},
	{405, "a method the endpoint does not accept (with Allow)"},
	{413, "a body over the size limit"},
	{422, "a run whose numbers overflow float64 (values near 1e300): JSON cannot carry them"},
	{500, "a bug: a panic is answered as JSON instead of a dropped connection (the tests and the fuzzer make sure it does not happen)"},
	{503, "the native server is busy (with Retry-After): every core runs, and the wait queue is full or the wait is over 10 s"},
	{507, "a run that alone needs more memory than the native server gives one run (1 GiB)"},
}
