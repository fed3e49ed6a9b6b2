/**
 * Free fonts and tools for making teaching materials (route `cabinet-fonts-tools`). Only what a
 * teacher can use without paying. Each entry names its licence as its makers state it and what it
 * costs: every font here is under the SIL Open Font License, which leaves documents made with the
 * font free of it (sold ones too); the one tool that is free only for non-commercial use says so,
 * and so does the one web service without an open licence. Descriptions are written in de, en,
 * el, es, fr and it; other languages read the English one. Pure data: no Node or database code.
 */
import type { Language, WorldCode } from '@/lib/worlds/worlds';

export const FONT_TOOL_KINDS = ['font', 'tool'] as const;
export type FontToolKind = (typeof FONT_TOOL_KINDS)[number];

/** `free`: no cost for any use. `free-non-commercial`: free for non-commercial use only. */
export type FontToolCost = 'free' | 'free-non-commercial';

export const DESCRIPTION_LANGUAGES = ['de', 'en', 'el', 'es', 'fr', 'it'] as const;
export type DescriptionLanguage = (typeof DESCRIPTION_LANGUAGES)[number];

export interface FontOrTool {
  id: string;
  name: string;
  kind: FontToolKind;
  /** The licence's name as its makers give it (an SPDX id where there is one). */
  licence: string;
  /** True when the licence is an open one (OSI or SIL OFL): use, share and change freely. */
  openLicence: boolean;
  cost: FontToolCost;
  url: `https://${string}`;
  description: Record<DescriptionLanguage, string>;
  /** Worlds where it is especially relevant (a country's school script, its alphabet). */
  worlds?: readonly WorldCode[];
}

export const FONTS_AND_TOOLS: readonly FontOrTool[] = [
  {
    id: 'playwrite-de-grund',
    name: 'Playwrite DE Grund',
    kind: 'font',
    licence: 'OFL-1.1',
    openLicence: true,
    cost: 'free',
    url: 'https://fonts.google.com/specimen/Playwrite+DE+Grund',
    worlds: ['de'],
    description: {
      de: 'Die Grundschrift des Grundschulverbands als Schrift am Computer, von TypeTogether für das Playwrite-Projekt gezeichnet.',
      en: 'The Grundschrift taught in German primary schools, as a computer font drawn by TypeTogether for the Playwrite project.',
      el: 'Η Grundschrift των γερμανικών δημοτικών σχολείων ως γραμματοσειρά υπολογιστή, σχεδιασμένη από την TypeTogether για το έργο Playwrite.',
      es: 'La Grundschrift de las escuelas primarias alemanas como fuente de ordenador, dibujada por TypeTogether para el proyecto Playwrite.',
      fr: 'La Grundschrift des écoles primaires allemandes en police d’ordinateur, dessinée par TypeTogether pour le projet Playwrite.',
      it: 'La Grundschrift delle scuole primarie tedesche come font per il computer, disegnata da TypeTogether per il progetto Playwrite.',
    },
  },
  {
    id: 'playwrite-de-va',
    name: 'Playwrite DE VA',
    kind: 'font',
    licence: 'OFL-1.1',
    openLicence: true,
    cost: 'free',
    url: 'https://fonts.google.com/specimen/Playwrite+DE+VA',
    worlds: ['de'],
    description: {
      de: 'Die Vereinfachte Ausgangsschrift als verbundene Schreibschrift für Arbeitsblätter; im Playwrite-Projekt gibt es auch LA und SAS.',
      en: 'The Vereinfachte Ausgangsschrift, a German joined school script, for worksheets; the Playwrite project also has LA and SAS.',
      el: 'Η Vereinfachte Ausgangsschrift, γερμανική σχολική καλλιγραφική γραφή, για φύλλα εργασίας· το Playwrite έχει επίσης LA και SAS.',
      es: 'La Vereinfachte Ausgangsschrift, letra ligada escolar alemana, para fichas; el proyecto Playwrite también ofrece LA y SAS.',
      fr: 'La Vereinfachte Ausgangsschrift, écriture cursive scolaire allemande, pour les fiches ; le projet Playwrite propose aussi LA et SAS.',
      it: 'La Vereinfachte Ausgangsschrift, corsivo scolastico tedesco, per le schede; il progetto Playwrite offre anche LA e SAS.',
    },
  },
  {
    id: 'playwrite',
    name: 'Playwrite',
    kind: 'font',
    licence: 'OFL-1.1',
    openLicence: true,
    cost: 'free',
    url: 'https://github.com/TypeTogether/Playwrite',
    worlds: ['es', 'fr', 'it'],
    description: {
      de: 'Schulschriften vieler Länder aus einer Familie, darunter Spanien, Frankreich und Italien, jeweils nach dem dort gelehrten Vorbild.',
      en: 'School handwriting fonts of many countries in one family, among them Spain, France and Italy, each after the model taught there.',
      el: 'Σχολικές γραφές πολλών χωρών σε μία οικογένεια, ανάμεσά τους Ισπανία, Γαλλία και Ιταλία, η καθεμία κατά το πρότυπο που διδάσκεται εκεί.',
      es: 'Letras escolares de muchos países en una familia, entre ellas España, Francia e Italia, cada una según el modelo que se enseña allí.',
      fr: 'Les écritures scolaires de nombreux pays dans une même famille, dont l’Espagne, la France et l’Italie, chacune selon le modèle enseigné.',
      it: 'Le scritture scolastiche di molti paesi in una famiglia, tra cui Spagna, Francia e Italia, ciascuna secondo il modello insegnato lì.',
    },
  },
  {
    id: 'andika',
    name: 'Andika',
    kind: 'font',
    licence: 'OFL-1.1',
    openLicence: true,
    cost: 'free',
    url: 'https://software.sil.org/andika/',
    description: {
      de: 'Eine klare Schrift für Leseanfänger von SIL International, mit einstöckigem a und g und gut unterscheidbaren Buchstaben.',
      en: 'A clear typeface for beginning readers by SIL International, with single-storey a and g and letters that are easy to tell apart.',
      el: 'Καθαρή γραμματοσειρά για αρχάριους αναγνώστες από τη SIL International, με μονώροφα a και g και γράμματα που ξεχωρίζουν εύκολα.',
      es: 'Una letra clara para lectores principiantes de SIL International, con a y g de un solo piso y letras fáciles de distinguir.',
      fr: 'Une police claire pour les lecteurs débutants, de SIL International, avec a et g à un étage et des lettres faciles à distinguer.',
      it: 'Un carattere chiaro per chi inizia a leggere, di SIL International, con a e g a un piano e lettere facili da distinguere.',
    },
  },
  {
    id: 'lexend',
    name: 'Lexend',
    kind: 'font',
    licence: 'OFL-1.1',
    openLicence: true,
    cost: 'free',
    url: 'https://www.lexend.com/',
    description: {
      de: 'Eine Schriftfamilie mit verschieden weiten Schnitten, gestaltet, um das Lesen zu erleichtern; gut für Texte und Überschriften.',
      en: 'A family in several widths, designed to make reading easier; good for body text and headings alike.',
      el: 'Οικογένεια σε διάφορα πλάτη, σχεδιασμένη για να διευκολύνει την ανάγνωση· καλή για κείμενο και τίτλους.',
      es: 'Una familia en varias anchuras, diseñada para facilitar la lectura; buena para textos y títulos.',
      fr: 'Une famille en plusieurs largeurs, conçue pour faciliter la lecture ; convient aux textes comme aux titres.',
      it: 'Una famiglia in diverse larghezze, pensata per rendere più facile la lettura; adatta a testi e titoli.',
    },
  },
  {
    id: 'atkinson-hyperlegible',
    name: 'Atkinson Hyperlegible',
    kind: 'font',
    licence: 'OFL-1.1',
    openLicence: true,
    cost: 'free',
    url: 'https://www.brailleinstitute.org/freefont/',
    description: {
      de: 'Vom Braille Institute für Menschen mit Sehschwäche entwickelt: Buchstaben wie I, l und 1 sind deutlich verschieden.',
      en: 'Made by the Braille Institute for readers with low vision: letters such as I, l and 1 are clearly different.',
      el: 'Σχεδιασμένη από το Braille Institute για αναγνώστες με χαμηλή όραση: γράμματα όπως I, l και 1 διαφέρουν καθαρά.',
      es: 'Creada por el Braille Institute para personas con baja visión: letras como I, l y 1 se distinguen con claridad.',
      fr: 'Créée par le Braille Institute pour les lecteurs malvoyants : des caractères comme I, l et 1 se distinguent nettement.',
      it: 'Creata dal Braille Institute per chi ha una vista ridotta: lettere come I, l e 1 sono ben distinte.',
    },
  },
  {
    id: 'opendyslexic',
    name: 'OpenDyslexic',
    kind: 'font',
    licence: 'OFL-1.1',
    openLicence: true,
    cost: 'free',
    url: 'https://opendyslexic.org/',
    description: {
      de: 'Buchstaben mit schwerem Fuß, damit sie sich nicht drehen; manche Kinder mit Legasthenie lesen damit leichter, Studien zeigen keinen allgemeinen Vorteil.',
      en: 'Letters with heavy bottoms so they do not seem to turn; some children with dyslexia find it easier, studies show no general benefit.',
      el: 'Γράμματα με βαριά βάση ώστε να μη φαίνονται να γυρίζουν· κάποια παιδιά με δυσλεξία διαβάζουν ευκολότερα, οι μελέτες δεν δείχνουν γενικό όφελος.',
      es: 'Letras con la base pesada para que no parezcan girar; a algunos niños con dislexia les resulta más fácil, los estudios no muestran una ventaja general.',
      fr: 'Des lettres lestées vers le bas pour qu’elles ne semblent pas tourner ; certains enfants dyslexiques lisent plus facilement, les études ne montrent pas d’avantage général.',
      it: 'Lettere con la base pesante perché non sembrino ruotare; ad alcuni bambini con dislessia risulta più facile, gli studi non mostrano un vantaggio generale.',
    },
  },
  {
    id: 'noto-sans',
    name: 'Noto Sans',
    kind: 'font',
    licence: 'OFL-1.1',
    openLicence: true,
    cost: 'free',
    url: 'https://fonts.google.com/noto/specimen/Noto+Sans',
    worlds: ['gr', 'bg', 'rs', 'ua', 'kz'],
    description: {
      de: 'Eine Schrift für Lateinisch, Griechisch und Kyrillisch in einem Bild; die Noto-Familie deckt fast alle Schriften der Welt ab.',
      en: 'One design for Latin, Greek and Cyrillic; the Noto family covers nearly every script in the world.',
      el: 'Ενιαίο σχέδιο για λατινικά, ελληνικά και κυριλλικά· η οικογένεια Noto καλύπτει σχεδόν όλες τις γραφές του κόσμου.',
      es: 'Un mismo diseño para el alfabeto latino, el griego y el cirílico; la familia Noto cubre casi todas las escrituras del mundo.',
      fr: 'Un seul dessin pour le latin, le grec et le cyrillique ; la famille Noto couvre presque toutes les écritures du monde.',
      it: 'Un unico disegno per latino, greco e cirillico; la famiglia Noto copre quasi tutte le scritture del mondo.',
    },
  },
  {
    id: 'libreoffice',
    name: 'LibreOffice',
    kind: 'tool',
    licence: 'MPL-2.0',
    openLicence: true,
    cost: 'free',
    url: 'https://www.libreoffice.org/',
    description: {
      de: 'Textverarbeitung, Tabellen und Präsentationen für Arbeitsblätter; exportiert barrierearme PDF-Dateien direkt.',
      en: 'Word processor, spreadsheets and presentations for worksheets; exports accessible (tagged) PDF files directly.',
      el: 'Επεξεργαστής κειμένου, υπολογιστικά φύλλα και παρουσιάσεις για φύλλα εργασίας· εξάγει απευθείας προσβάσιμα αρχεία PDF.',
      es: 'Procesador de textos, hojas de cálculo y presentaciones para fichas; exporta directamente PDF accesibles (etiquetados).',
      fr: 'Traitement de texte, tableur et présentations pour les fiches ; exporte directement des PDF accessibles (balisés).',
      it: 'Videoscrittura, fogli di calcolo e presentazioni per le schede; esporta direttamente PDF accessibili (con tag).',
    },
  },
  {
    id: 'inkscape',
    name: 'Inkscape',
    kind: 'tool',
    licence: 'GPL-3.0-or-later',
    openLicence: true,
    cost: 'free',
    url: 'https://inkscape.org/',
    description: {
      de: 'Vektorgrafik für Illustrationen, Schaubilder und Titelbilder, die in jeder Größe scharf bleiben.',
      en: 'Vector graphics for illustrations, charts and covers that stay sharp at any size.',
      el: 'Διανυσματικά γραφικά για εικονογραφήσεις, διαγράμματα και εξώφυλλα που μένουν καθαρά σε κάθε μέγεθος.',
      es: 'Gráficos vectoriales para ilustraciones, esquemas y portadas que se ven nítidos a cualquier tamaño.',
      fr: 'Dessin vectoriel pour illustrations, schémas et couvertures qui restent nets à toutes les tailles.',
      it: 'Grafica vettoriale per illustrazioni, schemi e copertine che restano nitide a ogni dimensione.',
    },
  },
  {
    id: 'gimp',
    name: 'GIMP',
    kind: 'tool',
    licence: 'GPL-3.0-or-later',
    openLicence: true,
    cost: 'free',
    url: 'https://www.gimp.org/',
    description: {
      de: 'Bildbearbeitung für Fotos und gescannte Vorlagen: zuschneiden, aufhellen, freistellen.',
      en: 'Image editing for photos and scanned pages: crop, brighten, cut out.',
      el: 'Επεξεργασία εικόνας για φωτογραφίες και σαρωμένες σελίδες: περικοπή, φωτεινότητα, αποκοπή.',
      es: 'Edición de imágenes para fotos y páginas escaneadas: recortar, aclarar, separar del fondo.',
      fr: 'Retouche d’images pour photos et pages scannées : recadrer, éclaircir, détourer.',
      it: 'Fotoritocco per foto e pagine scansionate: ritagliare, schiarire, scontornare.',
    },
  },
  {
    id: 'scribus',
    name: 'Scribus',
    kind: 'tool',
    licence: 'GPL-2.0-or-later',
    openLicence: true,
    cost: 'free',
    url: 'https://www.scribus.net/',
    description: {
      de: 'Layout wie in einer Druckerei: Hefte, Lernplakate und Bücher mit mehrspaltigem Satz und druckfertigem PDF.',
      en: 'Desktop publishing: workbooks, posters and books with multi-column layouts and print-ready PDF.',
      el: 'Σελιδοποίηση: τετράδια, αφίσες και βιβλία με πολλές στήλες και PDF έτοιμο για εκτύπωση.',
      es: 'Maquetación profesional: cuadernos, carteles y libros a varias columnas y PDF listo para imprenta.',
      fr: 'Mise en page professionnelle : cahiers, affiches et livres sur plusieurs colonnes, PDF prêt à imprimer.',
      it: 'Impaginazione professionale: quaderni, poster e libri su più colonne e PDF pronto per la stampa.',
    },
  },
  {
    id: 'drawio',
    name: 'draw.io (diagrams.net)',
    kind: 'tool',
    licence: 'Apache-2.0',
    openLicence: true,
    cost: 'free',
    url: 'https://www.drawio.com/',
    description: {
      de: 'Diagramme, Mindmaps und Ablaufpläne im Browser oder als Programm, ohne Konto.',
      en: 'Diagrams, mind maps and flowcharts in the browser or as a desktop app, no account needed.',
      el: 'Διαγράμματα, νοητικοί χάρτες και διαγράμματα ροής στον browser ή ως εφαρμογή, χωρίς λογαριασμό.',
      es: 'Diagramas, mapas mentales y diagramas de flujo en el navegador o como programa, sin cuenta.',
      fr: 'Diagrammes, cartes mentales et organigrammes dans le navigateur ou en application, sans compte.',
      it: 'Diagrammi, mappe mentali e diagrammi di flusso nel browser o come programma, senza account.',
    },
  },
  {
    id: 'geogebra',
    name: 'GeoGebra',
    kind: 'tool',
    licence: 'GeoGebra License',
    openLicence: false,
    cost: 'free-non-commercial',
    url: 'https://www.geogebra.org/',
    description: {
      de: 'Dynamische Mathematik: Geometrie, Graphen und Tabellen. Kostenlos für nicht kommerzielle Nutzung; vor dem Verkauf von Material mit GeoGebra-Inhalten die Lizenz prüfen.',
      en: 'Dynamic mathematics: geometry, graphs and tables. Free for non-commercial use; check the licence before selling material with GeoGebra content.',
      el: 'Δυναμικά μαθηματικά: γεωμετρία, γραφικές παραστάσεις και πίνακες. Δωρεάν για μη εμπορική χρήση· ελέγξτε την άδεια πριν πουλήσετε υλικό με περιεχόμενο GeoGebra.',
      es: 'Matemáticas dinámicas: geometría, gráficas y tablas. Gratis para uso no comercial; revisa la licencia antes de vender material con contenido de GeoGebra.',
      fr: 'Mathématiques dynamiques : géométrie, courbes et tableaux. Gratuit pour un usage non commercial ; vérifiez la licence avant de vendre un support avec du contenu GeoGebra.',
      it: 'Matematica dinamica: geometria, grafici e tabelle. Gratuito per uso non commerciale; controlla la licenza prima di vendere materiale con contenuti GeoGebra.',
    },
  },
  {
    id: 'learningapps',
    name: 'LearningApps.org',
    kind: 'tool',
    licence: 'LearningApps terms of use',
    openLicence: false,
    cost: 'free',
    url: 'https://learningapps.org/',
    description: {
      de: 'Kleine interaktive Übungen (Zuordnen, Lückentext, Quiz) im Browser; was dort veröffentlicht wird, ist für alle sichtbar.',
      en: 'Small interactive exercises (matching, gap fills, quizzes) in the browser; what is published there is public.',
      el: 'Μικρές διαδραστικές ασκήσεις (αντιστοίχιση, συμπλήρωση κενών, κουίζ) στον browser· ό,τι δημοσιεύεται εκεί είναι δημόσιο.',
      es: 'Pequeños ejercicios interactivos (relacionar, huecos, cuestionarios) en el navegador; lo que se publica allí es público.',
      fr: 'Petits exercices interactifs (associer, textes à trous, quiz) dans le navigateur ; ce qui y est publié est public.',
      it: 'Piccoli esercizi interattivi (abbinamenti, completamenti, quiz) nel browser; ciò che vi si pubblica è pubblico.',
    },
  },
];

/** The description in a language; languages without their own read the English one. */
export function describeFontOrTool(entry: FontOrTool, language: Language): string {
  return (DESCRIPTION_LANGUAGES as readonly string[]).includes(language)
    ? entry.description[language as DescriptionLanguage]
    : entry.description.en;
}

/** True when the entry is especially relevant in the world. */
export const isRelevantIn = (entry: FontOrTool, world: WorldCode): boolean => entry.worlds?.includes(world) ?? false;

/** The kind a query asks for (`?kind=font`), or undefined for all. */
export function parseFontToolKind(value: unknown): FontToolKind | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return FONT_TOOL_KINDS.find((kind) => kind === text);
}

/**
 * The entries grouped by kind (fonts, then tools), only the kind asked for if any; within a
 * group those especially relevant in the world first, each group otherwise in the list's order.
 */
export function groupFontsAndTools(
  world: WorldCode,
  kind?: FontToolKind,
): { kind: FontToolKind; entries: FontOrTool[] }[] {
  return FONT_TOOL_KINDS.filter((k) => kind === undefined || k === kind).map((k) => {
    const entries = FONTS_AND_TOOLS.filter((entry) => entry.kind === k);
    return {
      kind: k,
      entries: [
        ...entries.filter((entry) => isRelevantIn(entry, world)),
        ...entries.filter((entry) => !isRelevantIn(entry, world)),
      ],
    };
  });
}
