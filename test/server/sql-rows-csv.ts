/**
 * RFC 4180 reading of the rows export's CSV for the server rows tests: quoted fields may hold commas,
 * doubled quotes and line breaks; a leading byte order mark is dropped.
 */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const lines: string[][] = [];
  let field = '';
  let line: string[] = [];
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      line.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      line.push(field);
      lines.push(line);
      line = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || line.length > 0) lines.push([...line, field]);
  return lines;
}
