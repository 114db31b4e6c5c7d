const { SourceMapConsumer } = require('source-map-js');
const fs = require('fs');
const files = process.argv.slice(2);
const totals = {};
for (const f of files) {
  const code = fs.readFileSync('dist/web/' + f, 'utf8');
  const map = JSON.parse(fs.readFileSync('dist/web/' + f + '.map', 'utf8'));
  const c = new SourceMapConsumer(map);
  const lines = code.split('\n');
  const segs = [];
  c.eachMapping((m) => segs.push(m));
  segs.sort((a, b) => a.generatedLine - b.generatedLine || a.generatedColumn - b.generatedColumn);
  for (let i = 0; i < segs.length; i++) {
    const m = segs[i]; const n = segs[i + 1];
    const end = n && n.generatedLine === m.generatedLine ? n.generatedColumn : lines[m.generatedLine - 1].length;
    const src = m.source || '?';
    totals[src] = (totals[src] || 0) + (end - m.generatedColumn);
  }
}
Object.entries(totals).sort((a, b) => b[1] - a[1]).slice(0, 40).forEach(([s, n]) => console.log((n / 1024).toFixed(1).padStart(7), s.replace(/.*node_modules\//, 'nm/').replace(/.*src\//, 'src/')));
