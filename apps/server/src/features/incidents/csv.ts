// A club's incidents as CSV (UTF-8 with a BOM so spreadsheet apps read the accents), times in Madrid.
import { stringify } from 'csv-stringify/sync';
import { TIME_ZONE, type Incident, type IncidentType } from '@nocturna/shared';

const TYPE_LABEL: Record<IncidentType, string> = {
  fight: 'Pelea',
  theft: 'Robo',
  harassment: 'Acoso',
  medical: 'Asistencia médica',
  drugs: 'Drogas',
  damage: 'Daños',
  other: 'Otro',
};

const madrid = new Intl.DateTimeFormat('sv-SE', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

export function incidentsCsv(items: Incident[]): string {
  const rows = [
    ['fecha_hora', 'evento', 'tipo', 'descripcion', 'entradas', 'registrado_por'],
    ...items.map((i) => [
      madrid.format(new Date(i.occurredAt)),
      i.eventName,
      TYPE_LABEL[i.type],
      i.description,
      i.tickets.map((t) => `${t.holderName} (${t.id})`).join('; '),
      i.reportedBy ?? '',
    ]),
  ];
  return `\uFEFF${stringify(rows)}`;
}
