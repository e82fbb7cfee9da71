/** Paths under /v3 that name no resource: 404 with no body, whatever the method. */
const notFound = async () => new Response(null, { status: 404 });

export { notFound as DELETE, notFound as GET, notFound as HEAD, notFound as OPTIONS, notFound as PATCH, notFound as POST, notFound as PUT };
