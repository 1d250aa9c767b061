import type { StandardSchemaV1 } from '@standard-schema/spec';
import { attributeIndexKeys, isAttributeIndex } from '../../model/attribute-index.js';
import { durationToSeconds } from '../../model/duration.js';
import { checkDesign } from '../../model/design-check.js';
import { accessPatternRows } from '../../model/design-doc.js';
import type { EntityDefinition } from '../../model/entity.js';
import type { AccessPatternDefinition, ModelDefinition } from '../../model/model.js';
import type { ConsoleSession } from '../console-session.js';
import { html, type SafeHtml } from '../html.js';
import { page } from '../layout.js';
import { modelMissing } from './model-missing.js';

/**
 * The Model page: the entities with their key templates and attributes, the access-pattern table
 * as the design doc draws it (each row served or not, with the design check's finding) and a
 * diagram of the key space: which entity lives under which partition and sort key prefixes.
 */
export function modelPage(session: ConsoleSession): SafeHtml {
  const model = session.model;
  if (!model) return page(session.frame('Model', 'model'), modelMissing(session));
  return page(
    session.frame(`Model of ${model.table.name}`, 'model', model.table.name),
    html`${accessPatternTable(model)}<h2 id="key-space">Key space</h2>${keySpace(model)}<h2 id="entities">Entities</h2>${entities(model)}`,
  );
}

function accessPatternTable(model: ModelDefinition): SafeHtml {
  const result = checkDesign(model);
  const patterns = model.accessPatterns as Readonly<Record<string, AccessPatternDefinition>>;
  const rows = accessPatternRows(model).map((row) => {
    const problems = result.problems.filter((finding) => finding.pattern === row.name);
    const warnings = result.warnings.filter((finding) => finding.pattern === row.name);
    const config = patterns[row.name]?.config;
    return html`<tr><td>${row.number}</td>
<td><a href="/patterns/${encodeURIComponent(row.name)}">${row.description}</a><br><code class="muted">${row.name}</code></td>
<td><code>${row.keyDesign}</code></td><td>${config?.index ?? 'table'}</td><td>${config?.order ?? 'ascending'}</td>
<td>${
      problems.length === 0
        ? html`<span class="served">served</span>`
        : html`<span class="unserved">not served</span><ul>${problems.map((p) => html`<li>${p.reason}</li>`)}</ul>`
    }${warnings.length ? html`<ul class="muted">${warnings.map((w) => html`<li>${w.reason}</li>`)}</ul>` : ''}</td></tr>`;
  });
  const modelWarnings = result.warnings.filter((finding) => finding.pattern === '(model)');
  return html`<h2 id="access-patterns">Access patterns</h2>
<p>${result.ok ? html`<span class="served">&#10003; every access pattern is served by a key condition</span>` : html`<span class="unserved">&#10007; ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}: no Scan, no filter in place of a key</span>`}</p>
<table><thead><tr><th scope="col">#</th><th scope="col">Access pattern</th><th scope="col">Key design</th><th scope="col">Index</th><th scope="col">Order</th><th scope="col">Design check</th></tr></thead>
<tbody>${rows}</tbody></table>${modelWarnings.length ? html`<ul class="muted">${modelWarnings.map((w) => html`<li>${w.reason}</li>`)}</ul>` : ''}`;
}

/** One box per partition-key template (on the table, then each index), its sort keys and entities inside. */
function keySpace(model: ModelDefinition): SafeHtml {
  const spaces: { title: string; rows: { pk: string; sk: string; entity: string }[] }[] = [
    {
      title: `Table ${model.table.name} (${model.table.partitionKey} | ${model.table.sortKey})`,
      rows: model.entities.map((entity) => ({
        pk: entity.key.pk.source,
        sk: entity.key.sk.source,
        entity: entity.name,
      })),
    },
  ];
  for (const [indexName, index] of Object.entries(model.table.indexes)) {
    const rows = model.entities.flatMap((entity) => {
      const templates = entity.indexes[indexName];
      if (templates) return [{ pk: templates.pk.source, sk: templates.sk?.source ?? '', entity: entity.name }];
      const attributes = entity.attributeIndexes[indexName];
      return attributes
        ? [{ pk: attributes.partitionKey.join(' + '), sk: attributes.sortKey.join(' + '), entity: entity.name }]
        : [];
    });
    const keys = isAttributeIndex(index)
      ? (({ partition, sort }) =>
          `${partition.map((a) => a.name).join(' + ')} | ${sort.map((a) => a.name).join(' + ')}`)(
          attributeIndexKeys(index),
        )
      : `${index.partitionKey} | ${index.sortKey ?? ''}`;
    spaces.push({ title: `Index ${indexName} (${keys})`, rows });
  }
  return html`<div class="grid">${spaces.map((space) => {
    const byPartition = new Map<string, { sk: string; entity: string }[]>();
    for (const row of space.rows) byPartition.set(row.pk, [...(byPartition.get(row.pk) ?? []), row]);
    return html`<figure><figcaption><strong>${space.title}</strong></figcaption><table>
<thead><tr><th scope="col">Partition key</th><th scope="col">Sort key</th><th scope="col">Entity</th></tr></thead><tbody>${[
      ...byPartition,
    ].map(([pk, rows]) =>
      rows.map(
        (row, index) =>
          html`<tr>${index === 0 ? html`<th scope="rowgroup" rowspan="${rows.length}"><code>${pk}</code></th>` : ''}<td><code>${row.sk || '—'}</code></td><td><span class="entity">${row.entity}</span></td></tr>`,
      ),
    )}</tbody></table></figure>`;
  })}</div>`;
}

function entities(model: ModelDefinition): SafeHtml {
  return html`<div class="grid">${model.entities.map((entity) => entityCard(model, entity))}</div>`;
}

function entityCard(model: ModelDefinition, entity: EntityDefinition): SafeHtml {
  const indexes = Object.entries(entity.indexes).map(
    ([name, index]) =>
      html`<li>${name}: <code>${index.pk.source}</code>${index.sk ? html` | <code>${index.sk.source}</code>` : ''}${index.when ? html` <span class="muted">when ${JSON.stringify(index.when)}</span>` : ''}</li>`,
  );
  const machine = entity.stateMachine;
  return html`<section aria-labelledby="entity-${entity.name}"><h3 id="entity-${entity.name}">${entity.name}</h3>
<p><code>${entity.key.pk.source}</code> | <code>${entity.key.sk.source}</code></p>
${indexes.length ? html`<p>Indexes:</p><ul>${indexes}</ul>` : ''}
<table><thead><tr><th scope="col">Attribute</th><th scope="col">Required</th></tr></thead><tbody>${Object.entries(
    entity.attributes,
  ).map(
    ([name, schema]) =>
      html`<tr><td><code>${name}</code>${name === machine?.attribute ? ' (state)' : ''}</td><td>${acceptsMissing(schema) ? 'no' : 'yes'}</td></tr>`,
  )}${entity.version ? html`<tr><td><code>${entity.version}</code> (version)</td><td>kept by the repository</td></tr>` : ''}</tbody></table>
${entity.ttl ? html`<p>Expires ${typeof entity.ttl.after === 'string' ? entity.ttl.after : `${durationToSeconds(entity.ttl.after)} s`} after its write (TTL attribute <code>${model.table.timeToLiveAttribute ?? ''}</code>).</p>` : ''}
${
  machine
    ? html`<p>State machine on <code>${machine.attribute}</code>:</p><ul>${Object.entries(machine.transitions).map(
        ([from, to]) => html`<li>${from} &rarr; ${(to as readonly string[]).join(', ')}</li>`,
      )}</ul>`
    : ''
}
<p><a href="/entities/${encodeURIComponent(entity.name)}/new">New ${entity.name}</a></p></section>`;
}

/** Whether the schema accepts a missing value (optional or with a default); an async schema counts as required. */
export function acceptsMissing(schema: StandardSchemaV1): boolean {
  const result = schema['~standard'].validate(undefined);
  return !(result instanceof Promise) && result.issues === undefined;
}
