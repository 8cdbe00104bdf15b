/** The origin the browser sees: the request's scheme with the Host it asked for (banner hosts share a process). */
export function originOf(request: Request): string {
  const url = new URL(request.url);
  const host = request.headers.get('Host') ?? url.host;
  return `${url.protocol}//${host}`;
}
