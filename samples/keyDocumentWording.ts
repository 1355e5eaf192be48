/**
 * How KIDs and KIIDs are worded in the languages of the sample library besides English: the headings
 * and sentences of the PRIIPs and UCITS templates as managers print them in each language, and each
 * language's number and date formats. Written from published documents, not from the parser's tables,
 * so that reading the samples tests the tables (see samples/keyDocuments.ts for the layouts).
 */

import { EEA_WORDING } from './wording';
import type { KeyDocumentWording } from './wording/types';

export type { KeyDocumentWording } from './wording/types';

/** The languages the sample library's funds are written in besides English. */
type SampleLibraryLanguage = 'fr' | 'de' | 'it' | 'es' | 'nl' | 'pt';
/** Every language a sample KID or KIID can be written in besides English. */
export type SampleLanguage = SampleLibraryLanguage | keyof typeof EEA_WORDING;

const LIBRARY_WORDING: Record<SampleLibraryLanguage, KeyDocumentWording> = {
  fr: {
    locale: 'fr-FR',
    percentSpace: true,
    kid: {
      title: "Document d'informations clés",
      purposeHeading: 'Objectif',
      purpose:
        "Le présent document contient des informations essentielles sur le produit d'investissement. Il ne s'agit pas d'un document à caractère commercial. Ces informations vous sont fournies conformément à une obligation légale.",
      productHeading: 'Produit',
      product: (name, isin, manager) => [name, `Code ISIN : ${isin}`, `Initiateur du PRIIP : ${manager}`],
      dated: (date) => `Date de production du document d'informations clés : ${date}`,
      whatHeading: 'En quoi consiste ce produit ?',
      type: (t) => `Type : ${t}`,
      objectives: 'Objectifs :',
      benchmark: 'Indice de référence :',
      sfdr: (a) =>
        `Le fonds relève de l'article ${a} du règlement (UE) 2019/2088 sur la publication d'informations en matière de durabilité.`,
      risksHeading: "Quels sont les risques et qu'est-ce que cela pourrait me rapporter ?",
      riskIndicator: 'Indicateur de risque',
      lowerHigher: ['Risque le plus faible', 'Risque le plus élevé'],
      assumption: (y) => `L'indicateur de risque part de l'hypothèse que vous conservez le produit pendant ${y}.`,
      classified: (n) =>
        `Nous avons classé ce produit dans la classe de risque ${n} sur 7, qui est une classe de risque ${['très basse', 'basse', 'entre basse et moyenne', 'moyenne', 'entre moyenne et haute', 'haute', 'la plus élevée'][n - 1]}.`,
      rhp: 'Période de détention recommandée :',
      example: "Exemple d'investissement :",
      years: (n) => `${n} an${n > 1 ? 's' : ''}`,
      scenarios: ['Scénarios', 'Tensions', 'Défavorable', 'Intermédiaire', 'Favorable'],
      exitAfter: (y) => `Si vous sortez après ${y}`,
      averageReturn: 'Rendement annuel moyen',
      costsHeading: 'Que va me coûter cet investissement ?',
      costsOverTime: 'Coûts au fil du temps',
      totalCosts: 'Coûts totaux',
      annualImpact: 'Incidence des coûts annuels (*)',
      footnote: (b, a) =>
        `(*) Elle montre dans quelle mesure les coûts réduisent annuellement votre rendement. Votre rendement moyen par an est estimé à ${b} avant déduction des coûts et de ${a} après cette déduction.`,
      composition: 'Composition des coûts',
      oneOff: "Coûts ponctuels à l'entrée ou à la sortie",
      entry: "Coûts d'entrée",
      entryText: (p) =>
        p
          ? `${p} du montant que vous payez au moment de l'entrée dans l'investissement.`
          : "Nous ne facturons pas de coût d'entrée.",
      exit: 'Coûts de sortie',
      exitText: (p) =>
        p
          ? `${p} de votre investissement avant qu'il ne vous soit payé.`
          : 'Nous ne facturons pas de coût de sortie pour ce produit.',
      ongoingHeading: 'Coûts récurrents prélevés chaque année',
      management: ['Frais de gestion et autres frais', "administratifs et d'exploitation"],
      perYear: (p) => `${p} de la valeur de votre investissement par an.`,
      transaction: 'Coûts de transaction',
      transactionText: (p) =>
        `${p} de la valeur de votre investissement par an. Il s'agit d'une estimation des coûts encourus lorsque nous achetons et vendons les investissements sous-jacents.`,
      incidental: 'Coûts accessoires prélevés sous certaines conditions',
      performanceFee: 'Commissions liées aux résultats',
      performanceFeeText: (p) =>
        p
          ? `${p} de la valeur de votre investissement par an.`
          : "Aucune commission liée aux résultats n'existe pour ce produit.",
      holdHeading: "Combien de temps dois-je le conserver, et puis-je retirer de l'argent de façon anticipée ?",
      complaintsHeading: 'Comment puis-je formuler une réclamation ?',
      otherHeading: 'Autres informations pertinentes',
    },
    kiid: {
      title: "Informations clés pour l'investisseur",
      intro:
        "Ce document fournit des informations essentielles aux investisseurs de ce fonds. Il ne s'agit pas d'un document promotionnel.",
      managementCompany: 'Société de gestion :',
      objectivesHeading: "Objectifs et politique d'investissement",
      benchmark: 'Indicateur de référence :',
      riskHeading: 'Profil de risque et de rendement',
      lowerHigher: ['Risque plus faible', 'Risque plus élevé'],
      category: (n) => `Le fonds est classé dans la catégorie ${n} en raison de la nature de ses investissements.`,
      chargesHeading: 'Frais',
      oneOff: 'Frais ponctuels prélevés avant ou après investissement',
      entry: "Frais d'entrée",
      exit: 'Frais de sortie',
      none: 'Néant',
      yearly: 'Frais prélevés par le fonds sur une année',
      ongoing: ['Frais', 'courants'],
      conditional: 'Frais prélevés par le fonds dans certaines circonstances',
      performanceFee: 'Commission de performance',
      practicalHeading: 'Informations pratiques',
      accurate: (d) => `Les informations clés pour l'investisseur ici fournies sont exactes et à jour au ${d}.`,
    },
  },
  de: {
    locale: 'de-DE',
    percentSpace: true,
    kid: {
      title: 'Basisinformationsblatt',
      purposeHeading: 'Zweck',
      purpose:
        'Dieses Informationsblatt stellt Ihnen wesentliche Informationen über dieses Anlageprodukt zur Verfügung. Es handelt sich nicht um Werbematerial. Diese Informationen sind gesetzlich vorgeschrieben, um Ihnen dabei zu helfen, die Art, das Risiko, die Kosten sowie die möglichen Gewinne und Verluste dieses Produkts zu verstehen.',
      productHeading: 'Produkt',
      product: (name, isin, manager) => [
        `${name} (der „Fonds“), ISIN: ${isin}, wird von ${manager} (die „Verwaltungsgesellschaft“) verwaltet.`,
        'Die Verwaltungsgesellschaft ist für die Aufsicht im Sinne dieses Basisinformationsblattes zugelassen.',
      ],
      dated: (d) => `Dieses Dokument wurde erstellt am ${d}.`,
      whatHeading: 'Um welche Art von Produkt handelt es sich?',
      type: (t) => `Art: ${t}`,
      objectives: 'Ziele:',
      benchmark: 'Referenzindex:',
      sfdr: (a) =>
        `Der Fonds ist als Produkt gemäß Artikel ${a} der Verordnung (EU) 2019/2088 über nachhaltigkeitsbezogene Offenlegungspflichten eingestuft.`,
      risksHeading: 'Welche Risiken bestehen und was könnte ich im Gegenzug dafür bekommen?',
      riskIndicator: 'Risikoindikator',
      lowerHigher: ['Niedrigeres Risiko', 'Höheres Risiko'],
      assumption: (y) => `Der Risikoindikator beruht auf der Annahme, dass Sie das Produkt ${y} halten.`,
      classified: (n) =>
        `Wir haben dieses Produkt auf einer Skala von 1 bis 7 in die Risikoklasse ${n} eingestuft, wobei ${n} einer ${['sehr niedrigen', 'niedrigen', 'niedrigen bis mittleren', 'mittleren', 'mittelhohen', 'hohen', 'sehr hohen'][n - 1]} Risikoklasse entspricht.`,
      rhp: 'Empfohlene Haltedauer:',
      example: 'Beispiel für eine Anlage:',
      years: (n) => `${n} ${n === 1 ? 'Jahr' : 'Jahre'}`,
      scenarios: [
        'Szenarien',
        'Stressszenario',
        'Pessimistisches Szenario',
        'Mittleres Szenario',
        'Optimistisches Szenario',
      ],
      exitAfter: (y) => `Wenn Sie nach ${y.replace(/Jahre$/, 'Jahren')} aussteigen`,
      averageReturn: 'Jährliche Durchschnittsrendite',
      costsHeading: 'Welche Kosten entstehen?',
      costsOverTime: 'Kosten im Zeitverlauf',
      totalCosts: 'Kosten insgesamt',
      annualImpact: 'Jährliche Auswirkungen der Kosten (*)',
      footnote: (b, a) =>
        `(*) Diese Angaben veranschaulichen, wie die Kosten Ihre Rendite pro Jahr während der Haltedauer verringern. Ihre durchschnittliche Rendite pro Jahr wird voraussichtlich ${b} vor Kosten und ${a} nach Kosten betragen.`,
      composition: 'Zusammensetzung der Kosten',
      oneOff: 'Einmalige Kosten bei Einstieg oder Ausstieg',
      entry: 'Einstiegskosten',
      entryText: (p) =>
        p
          ? `${p} des Betrags, den Sie beim Einstieg in diese Anlage zahlen.`
          : 'Wir berechnen keine Einstiegsgebühr für dieses Produkt.',
      exit: 'Ausstiegskosten',
      exitText: (p) =>
        p
          ? `${p} Ihrer Anlage, bevor sie an Sie ausgezahlt wird.`
          : 'Wir berechnen keine Ausstiegsgebühr für dieses Produkt.',
      ongoingHeading: 'Laufende Kosten pro Jahr',
      management: ['Verwaltungsgebühren und', 'sonstige Verwaltungs- oder', 'Betriebskosten'],
      perYear: (p) =>
        `${p} des Werts Ihrer Anlage pro Jahr. Hierbei handelt es sich um eine Schätzung auf der Grundlage der tatsächlichen Kosten des letzten Jahres.`,
      transaction: 'Transaktionskosten',
      transactionText: (p) =>
        `${p} des Werts Ihrer Anlage pro Jahr. Hierbei handelt es sich um eine Schätzung der Kosten, die anfallen, wenn wir die zugrunde liegenden Anlagen kaufen oder verkaufen.`,
      incidental: 'Zusätzliche Kosten unter bestimmten Bedingungen',
      performanceFee: 'Erfolgsgebühren',
      performanceFeeText: (p) =>
        p ? `${p} des Werts Ihrer Anlage pro Jahr.` : 'Für dieses Produkt wird keine Erfolgsgebühr berechnet.',
      holdHeading: 'Wie lange sollte ich die Anlage halten, und kann ich vorzeitig Geld entnehmen?',
      complaintsHeading: 'Wie kann ich mich beschweren?',
      otherHeading: 'Sonstige zweckdienliche Angaben',
    },
    kiid: {
      title: 'Wesentliche Anlegerinformationen',
      intro:
        'Gegenstand dieses Dokuments sind wesentliche Informationen für den Anleger über diesen Fonds. Es handelt sich nicht um Werbematerial.',
      managementCompany: 'Verwaltungsgesellschaft:',
      objectivesHeading: 'Ziele und Anlagepolitik',
      benchmark: 'Vergleichsindex:',
      riskHeading: 'Risiko- und Ertragsprofil',
      lowerHigher: ['Geringeres Risiko', 'Höheres Risiko'],
      category: (n) =>
        `Der Fonds ist in Kategorie ${n} eingestuft, weil sein Anteilpreis in der Vergangenheit schwankte.`,
      chargesHeading: 'Kosten',
      oneOff: 'Einmalige Kosten vor und nach der Anlage',
      entry: 'Ausgabeaufschläge',
      exit: 'Rücknahmeabschläge',
      none: 'Keine',
      yearly: 'Kosten, die vom Fonds im Laufe des Jahres abgezogen werden',
      ongoing: ['Laufende', 'Kosten'],
      conditional: 'Kosten, die der Fonds unter bestimmten Umständen zu tragen hat',
      performanceFee: 'An die Wertentwicklung des Fonds gebundene Gebühren',
      practicalHeading: 'Praktische Informationen',
      accurate: (d) => `Diese wesentlichen Anlegerinformationen sind zutreffend und entsprechen dem Stand vom ${d}.`,
    },
  },
  it: {
    locale: 'it-IT',
    percentSpace: false,
    kid: {
      title: 'Documento contenente le informazioni chiave',
      purposeHeading: 'Scopo',
      purpose:
        'Il presente documento contiene informazioni chiave relative a questo prodotto d’investimento. Non si tratta di un documento promozionale. Le informazioni, prescritte per legge, hanno lo scopo di aiutarti a capire le caratteristiche, i rischi, i costi, i guadagni e le perdite potenziali di questo prodotto.',
      productHeading: 'Prodotto',
      product: (name, isin, manager) => [
        `Nome del prodotto: ${name}`,
        `Codice ISIN: ${isin}`,
        `Ideatore del PRIIP: ${manager}`,
      ],
      dated: (d) => `Il presente documento è aggiornato al ${d}.`,
      whatHeading: "Cos'è questo prodotto?",
      type: (t) => `Tipo: ${t}`,
      objectives: 'Obiettivi:',
      benchmark: 'Indice di riferimento:',
      sfdr: (a) =>
        `Il fondo è classificato ai sensi dell'articolo ${a} del regolamento (UE) 2019/2088 relativo all'informativa sulla sostenibilità.`,
      risksHeading: 'Quali sono i rischi e qual è il potenziale rendimento?',
      riskIndicator: 'Indicatore di rischio',
      lowerHigher: ['Rischio più basso', 'Rischio più alto'],
      assumption: (y) => `L'indicatore di rischio presuppone che il prodotto sia mantenuto per ${y}.`,
      classified: (n) =>
        `Abbiamo classificato questo prodotto al livello ${n} su 7, che corrisponde alla classe di rischio ${['più bassa', 'bassa', 'medio-bassa', 'media', 'medio-alta', 'alta', 'più alta'][n - 1]}.`,
      rhp: 'Periodo di detenzione raccomandato:',
      example: 'Esempio di investimento:',
      years: (n) => `${n} ${n === 1 ? 'anno' : 'anni'}`,
      scenarios: ['Scenari', 'Stress', 'Sfavorevole', 'Moderato', 'Favorevole'],
      exitAfter: (y) => `In caso di uscita dopo ${y}`,
      averageReturn: 'Rendimento medio per ciascun anno',
      costsHeading: 'Quali sono i costi?',
      costsOverTime: 'Andamento dei costi nel tempo',
      totalCosts: 'Costi totali',
      annualImpact: 'Incidenza annuale dei costi (*)',
      footnote: (b, a) =>
        `(*) Dimostra come i costi riducano ogni anno il rendimento nel corso del periodo di detenzione. Il rendimento medio annuo previsto è pari al ${b} prima dei costi e al ${a} al netto dei costi.`,
      composition: 'Composizione dei costi',
      oneOff: 'Costi una tantum di ingresso o di uscita',
      entry: 'Costi di ingresso',
      entryText: (p) =>
        p
          ? `${p} dell'importo pagato al momento della sottoscrizione dell'investimento.`
          : 'Non addebitiamo costi di ingresso per questo prodotto.',
      exit: 'Costi di uscita',
      exitText: (p) =>
        p
          ? `${p} del vostro investimento prima che vi venga pagato.`
          : 'Non addebitiamo costi di uscita per questo prodotto.',
      ongoingHeading: 'Costi correnti registrati ogni anno',
      management: ['Commissioni di gestione e altri costi', 'amministrativi o di esercizio'],
      perYear: (p) =>
        `${p} del valore dell'investimento all'anno. Si tratta di una stima basata sui costi effettivi dell'ultimo anno.`,
      transaction: 'Costi di transazione',
      transactionText: (p) =>
        `${p} del valore dell'investimento all'anno. Si tratta di una stima dei costi sostenuti per l'acquisto e la vendita degli investimenti sottostanti.`,
      incidental: 'Oneri accessori sostenuti in determinate condizioni',
      performanceFee: 'Commissioni di performance',
      performanceFeeText: (p) =>
        p
          ? `${p} del valore dell'investimento all'anno.`
          : 'Per questo prodotto non si applicano commissioni di performance.',
      holdHeading: 'Per quanto tempo devo detenerlo? Posso ritirare il capitale prematuramente?',
      complaintsHeading: 'Come presentare reclami?',
      otherHeading: 'Altre informazioni pertinenti',
    },
    kiid: {
      title: 'Informazioni chiave per gli investitori',
      intro:
        'Il presente documento contiene le informazioni chiave di cui tutti gli investitori devono disporre in relazione a questo fondo. Non si tratta di un documento promozionale.',
      managementCompany: 'Società di gestione:',
      objectivesHeading: "Obiettivi e politica d'investimento",
      benchmark: 'Parametro di riferimento:',
      riskHeading: 'Profilo di rischio e di rendimento',
      lowerHigher: ['Rischio più basso', 'Rischio più elevato'],
      category: (n) => `Il fondo è classificato nella categoria ${n} a causa della natura dei suoi investimenti.`,
      chargesHeading: 'Spese',
      oneOff: "Spese una tantum prelevate prima o dopo l'investimento",
      entry: 'Spese di sottoscrizione',
      exit: 'Spese di rimborso',
      none: 'Nessuna',
      yearly: 'Spese prelevate dal fondo in un anno',
      ongoing: ['Spese', 'correnti'],
      conditional: 'Spese prelevate dal fondo a determinate condizioni specifiche',
      performanceFee: 'Commissioni legate al rendimento',
      practicalHeading: 'Informazioni pratiche',
      accurate: (d) => `Le presenti informazioni chiave per gli investitori sono valide alla data del ${d}.`,
    },
  },
  es: {
    locale: 'es-ES',
    percentSpace: true,
    kid: {
      title: 'Documento de datos fundamentales',
      purposeHeading: 'Finalidad',
      purpose:
        'Este documento le proporciona información fundamental que debe conocer sobre este producto de inversión. No se trata de material comercial. Es una información exigida por ley para ayudarle a comprender la naturaleza, los riesgos, los costes y los beneficios y pérdidas potenciales de este producto.',
      productHeading: 'Producto',
      product: (name, isin, manager) => [name, `ISIN: ${isin}`, `Productor del PRIIP: ${manager}`],
      dated: (d) => `Fecha de elaboración del documento de datos fundamentales: ${d}`,
      whatHeading: '¿Qué es este producto?',
      type: (t) => `Tipo: ${t}`,
      objectives: 'Objetivos:',
      benchmark: 'Índice de referencia:',
      sfdr: (a) =>
        `El fondo se clasifica conforme al artículo ${a} del Reglamento (UE) 2019/2088 sobre la divulgación de información relativa a la sostenibilidad.`,
      risksHeading: '¿Qué riesgos corro y qué podría obtener a cambio?',
      riskIndicator: 'Indicador de riesgo',
      lowerHigher: ['Riesgo más bajo', 'Riesgo más alto'],
      assumption: (y) => `El indicador de riesgo presupone que usted mantendrá el producto durante ${y}.`,
      classified: (n) =>
        `Hemos clasificado este producto en la clase de riesgo ${n} en una escala de 7, en la que ${n} significa un riesgo ${['muy bajo', 'bajo', 'medio-bajo', 'medio', 'medio-alto', 'alto', 'muy alto'][n - 1]}.`,
      rhp: 'Período de mantenimiento recomendado:',
      example: 'Ejemplo de inversión:',
      years: (n) => `${n} ${n === 1 ? 'año' : 'años'}`,
      scenarios: ['Escenarios', 'Tensión', 'Desfavorable', 'Moderado', 'Favorable'],
      exitAfter: (y) => `En caso de salida después de ${y}`,
      averageReturn: 'Rendimiento medio cada año',
      costsHeading: '¿Cuáles son los costes?',
      costsOverTime: 'Costes a lo largo del tiempo',
      totalCosts: 'Costes totales',
      annualImpact: 'Incidencia anual de los costes (*)',
      footnote: (b, a) =>
        `(*) Refleja la medida en que los costes reducen su rendimiento cada año durante el período de mantenimiento. Se prevé que su rendimiento medio anual sea del ${b} antes de deducir los costes y del ${a} después de deducir los costes.`,
      composition: 'Composición de los costes',
      oneOff: 'Costes únicos de entrada o salida',
      entry: 'Costes de entrada',
      entryText: (p) =>
        p
          ? `${p} del importe que pagará usted al realizar esta inversión.`
          : 'No cobramos comisión de entrada por este producto.',
      exit: 'Costes de salida',
      exitText: (p) =>
        p ? `${p} de su inversión antes de que se le pague.` : 'No cobramos comisión de salida por este producto.',
      ongoingHeading: 'Costes corrientes detraídos cada año',
      management: ['Comisiones de gestión y otros costes', 'administrativos o de funcionamiento'],
      perYear: (p) =>
        `${p} del valor de su inversión al año. Se trata de una estimación basada en los costes reales del último año.`,
      transaction: 'Costes de operación',
      transactionText: (p) =>
        `${p} del valor de su inversión al año. Se trata de una estimación de los costes en que incurrimos al comprar y vender las inversiones subyacentes.`,
      incidental: 'Costes accesorios detraídos en condiciones específicas',
      performanceFee: 'Comisiones de rendimiento',
      performanceFeeText: (p) =>
        p ? `${p} del valor de su inversión al año.` : 'No se aplica ninguna comisión de rendimiento a este producto.',
      holdHeading: '¿Cuánto tiempo debo mantener la inversión, y puedo retirar dinero de manera anticipada?',
      complaintsHeading: '¿Cómo puedo reclamar?',
      otherHeading: 'Otros datos de interés',
    },
    kiid: {
      title: 'Datos fundamentales para el inversor',
      intro:
        'El presente documento recoge los datos fundamentales sobre este fondo que el inversor debe conocer. No se trata de material de promoción comercial.',
      managementCompany: 'Sociedad gestora:',
      objectivesHeading: 'Objetivos y política de inversión',
      benchmark: 'Índice de referencia:',
      riskHeading: 'Perfil de riesgo y remuneración',
      lowerHigher: ['Menor riesgo', 'Mayor riesgo'],
      category: (n) => `El fondo se clasifica en la categoría ${n} debido a la naturaleza de sus inversiones.`,
      chargesHeading: 'Gastos',
      oneOff: 'Gastos no recurrentes percibidos con anterioridad o con posterioridad a la inversión',
      entry: 'Gastos de entrada',
      exit: 'Gastos de salida',
      none: 'Ninguno',
      yearly: 'Gastos detraídos del fondo a lo largo de un año',
      ongoing: ['Gastos', 'corrientes'],
      conditional: 'Gastos detraídos del fondo en determinadas condiciones específicas',
      performanceFee: 'Comisión de rentabilidad',
      practicalHeading: 'Información práctica',
      accurate: (d) => `Los presentes datos fundamentales para el inversor son exactos a ${d}.`,
    },
  },
  nl: {
    locale: 'nl-NL',
    percentSpace: false,
    kid: {
      title: 'Essentiële-informatiedocument',
      purposeHeading: 'Doel',
      purpose:
        'Dit document verschaft u essentiële informatie over dit beleggingsproduct. Het is geen marketingmateriaal. De wet schrijft voor dat wij u deze informatie verstrekken om u te helpen de aard, de risico’s, de kosten en de mogelijke winsten en verliezen van dit product te begrijpen.',
      productHeading: 'Product',
      product: (name, isin, manager) => [
        `Naam van het product: ${name}`,
        `ISIN: ${isin}`,
        `Ontwikkelaar van het PRIIP: ${manager}`,
      ],
      dated: (d) => `Dit essentiële-informatiedocument is opgesteld op ${d}.`,
      whatHeading: 'Wat is dit voor een product?',
      type: (t) => `Soort: ${t}`,
      objectives: 'Doelstellingen:',
      benchmark: 'Referentie-index:',
      sfdr: (a) =>
        `Het fonds valt onder artikel ${a} van Verordening (EU) 2019/2088 betreffende duurzaamheidsgerelateerde informatieverschaffing.`,
      risksHeading: "Wat zijn de risico's en wat kan ik ervoor terugkrijgen?",
      riskIndicator: 'Risico-indicator',
      lowerHigher: ['Lager risico', 'Hoger risico'],
      assumption: (y) => `De risico-indicator gaat ervan uit dat u het product ${y} houdt.`,
      classified: (n) =>
        `Wij hebben dit product ingedeeld in klasse ${n} uit 7; dat is een ${['zeer lage', 'lage', 'laag-middelgrote', 'middelgrote', 'middelhoge', 'hoge', 'zeer hoge'][n - 1]} risicoklasse.`,
      rhp: 'Aanbevolen periode van bezit:',
      example: 'Voorbeeldinvestering:',
      years: (n) => `${n} jaar`,
      scenarios: ['Scenario’s', 'Stressscenario', 'Ongunstig scenario', 'Gematigd scenario', 'Gunstig scenario'],
      exitAfter: (y) => `Als u uitstapt na ${y}`,
      averageReturn: 'Gemiddeld rendement per jaar',
      costsHeading: 'Wat zijn de kosten?',
      costsOverTime: 'Kosten in de loop van de tijd',
      totalCosts: 'Totale kosten',
      annualImpact: 'Jaarlijkse kosteneffecten (*)',
      footnote: (b, a) =>
        `(*) Dit illustreert hoe de kosten uw rendement elk jaar tijdens de periode van bezit verlagen. Het gemiddelde rendement per jaar wordt naar verwachting ${b} vóór kosten en ${a} na kosten.`,
      composition: 'Samenstelling van de kosten',
      oneOff: 'Eenmalige kosten bij instap of uitstap',
      entry: 'Instapkosten',
      entryText: (p) =>
        p
          ? `${p} van het bedrag dat u betaalt wanneer u deze belegging instapt.`
          : 'Wij rekenen geen instapkosten aan voor dit product.',
      exit: 'Uitstapkosten',
      exitText: (p) =>
        p
          ? `${p} van uw belegging voordat deze aan u wordt uitbetaald.`
          : 'Wij rekenen geen uitstapkosten aan voor dit product.',
      ongoingHeading: 'Lopende kosten die elk jaar worden ingehouden',
      management: ['Beheerkosten en andere administratieve', 'of operationele kosten'],
      perYear: (p) =>
        `${p} van de waarde van uw belegging per jaar. Dit is een schatting op basis van de werkelijke kosten van vorig jaar.`,
      transaction: 'Transactiekosten',
      transactionText: (p) =>
        `${p} van de waarde van uw belegging per jaar. Dit is een schatting van de kosten die ontstaan wanneer wij de onderliggende beleggingen kopen en verkopen.`,
      incidental: 'Incidentele kosten die onder specifieke voorwaarden worden ingehouden',
      performanceFee: 'Prestatievergoedingen',
      performanceFeeText: (p) =>
        p
          ? `${p} van de waarde van uw belegging per jaar.`
          : 'Voor dit product wordt geen prestatievergoeding aangerekend.',
      holdHeading: 'Hoe lang moet ik het houden en kan ik mijn geld eerder opnemen?',
      complaintsHeading: 'Hoe kan ik een klacht indienen?',
      otherHeading: 'Andere nuttige informatie',
    },
    kiid: {
      title: 'Essentiële beleggersinformatie',
      intro: 'Dit document verschaft u essentiële beleggersinformatie over dit fonds. Het is geen marketingmateriaal.',
      managementCompany: 'Beheermaatschappij:',
      objectivesHeading: 'Doelstellingen en beleggingsbeleid',
      benchmark: 'Referentie-index:',
      riskHeading: 'Risico- en opbrengstprofiel',
      lowerHigher: ['Lager risico', 'Hoger risico'],
      category: (n) => `Het fonds is ingedeeld in categorie ${n} vanwege de aard van zijn beleggingen.`,
      chargesHeading: 'Kosten',
      oneOff: 'Eenmalige kosten die vóór of na uw belegging worden aangerekend',
      entry: 'Instapvergoeding',
      exit: 'Uitstapvergoeding',
      none: 'Geen',
      yearly: 'Kosten die in de loop van het jaar van het fonds worden afgetrokken',
      ongoing: ['Lopende', 'kosten'],
      conditional: 'Kosten die onder bepaalde omstandigheden van het fonds worden afgetrokken',
      performanceFee: 'Prestatievergoeding',
      practicalHeading: 'Praktische informatie',
      accurate: (d) => `Deze essentiële beleggersinformatie is correct per ${d}.`,
    },
  },
  pt: {
    locale: 'pt-PT',
    percentSpace: false,
    kid: {
      title: 'Documento de Informação Fundamental',
      purposeHeading: 'Finalidade',
      purpose:
        'O presente documento fornece-lhe informação fundamental sobre este produto de investimento. Não constitui um documento promocional. Estas informações são exigidas por lei para o ajudar a compreender a natureza, os riscos, os custos e os ganhos e perdas potenciais do produto.',
      productHeading: 'Produto',
      product: (name, isin, manager) => [`Nome do produto: ${name}`, `ISIN: ${isin}`, `Produtor do PRIIP: ${manager}`],
      dated: (d) => `Data de produção do documento: ${d}`,
      whatHeading: 'Em que consiste este produto?',
      type: (t) => `Tipo: ${t}`,
      objectives: 'Objetivos:',
      benchmark: 'Índice de referência:',
      sfdr: (a) =>
        `O fundo está classificado ao abrigo do artigo ${a} do Regulamento (UE) 2019/2088 relativo à divulgação de informações relacionadas com a sustentabilidade.`,
      risksHeading: 'Quais são os riscos e qual poderá ser o meu retorno?',
      riskIndicator: 'Indicador de risco',
      lowerHigher: ['Risco mais baixo', 'Risco mais elevado'],
      assumption: (y) => `O indicador de risco pressupõe que o produto é detido durante ${y}.`,
      classified: (n) =>
        `Classificámos este produto na categoria ${n} numa escala de 1 a 7, que corresponde a uma categoria de risco ${['muito baixa', 'baixa', 'média-baixa', 'média', 'média-alta', 'alta', 'muito alta'][n - 1]}.`,
      rhp: 'Período de detenção recomendado:',
      example: 'Exemplo de investimento:',
      years: (n) => `${n} ${n === 1 ? 'ano' : 'anos'}`,
      scenarios: ['Cenários', 'Cenário de stress', 'Cenário desfavorável', 'Cenário moderado', 'Cenário favorável'],
      exitAfter: (y) => `Se sair após ${y}`,
      averageReturn: 'Retorno médio anual',
      costsHeading: 'Quais são os custos?',
      costsOverTime: 'Custos ao longo do tempo',
      totalCosts: 'Custos totais',
      annualImpact: 'Impacto anual dos custos (*)',
      footnote: (b, a) =>
        `(*) Ilustra a forma como os custos reduzem o seu retorno anual ao longo do período de detenção. O retorno médio anual previsto é de ${b} antes dos custos e de ${a} depois dos custos.`,
      composition: 'Composição dos custos',
      oneOff: 'Custos pontuais de entrada ou saída',
      entry: 'Custos de entrada',
      entryText: (p) =>
        p
          ? `${p} do montante que paga ao entrar neste investimento.`
          : 'Não cobramos custos de entrada por este produto.',
      exit: 'Custos de saída',
      exitText: (p) =>
        p ? `${p} do seu investimento antes de lhe ser pago.` : 'Não cobramos custos de saída por este produto.',
      ongoingHeading: 'Custos recorrentes cobrados anualmente',
      management: ['Comissões de gestão e outros custos', 'administrativos ou operacionais'],
      perYear: (p) =>
        `${p} do valor do seu investimento por ano. Trata-se de uma estimativa baseada nos custos efetivos do último ano.`,
      transaction: 'Custos de transação',
      transactionText: (p) =>
        `${p} do valor do seu investimento por ano. Trata-se de uma estimativa dos custos incorridos quando compramos e vendemos os investimentos subjacentes.`,
      incidental: 'Custos acessórios cobrados em condições específicas',
      performanceFee: 'Comissões de desempenho',
      performanceFeeText: (p) =>
        p ? `${p} do valor do seu investimento por ano.` : 'Não existe comissão de desempenho para este produto.',
      holdHeading: 'Por quanto tempo devo manter o PRIIP e posso fazer mobilizações antecipadas de capital?',
      complaintsHeading: 'Como posso apresentar queixa?',
      otherHeading: 'Outras informações relevantes',
    },
    kiid: {
      title: 'Informações fundamentais destinadas aos investidores',
      intro:
        'O presente documento fornece as informações fundamentais destinadas aos investidores sobre este fundo. Não é material promocional.',
      managementCompany: 'Sociedade gestora:',
      objectivesHeading: 'Objetivos e política de investimento',
      benchmark: 'Índice de referência:',
      riskHeading: 'Perfil de risco e de remuneração',
      lowerHigher: ['Risco mais baixo', 'Risco mais elevado'],
      category: (n) => `O fundo está classificado na categoria ${n} devido à natureza dos seus investimentos.`,
      chargesHeading: 'Encargos',
      oneOff: 'Encargos cobrados antes ou depois de investir',
      entry: 'Encargos de subscrição',
      exit: 'Encargos de resgate',
      none: 'Nenhum',
      yearly: 'Encargos cobrados ao fundo ao longo do ano',
      ongoing: ['Encargos', 'correntes'],
      conditional: 'Encargos cobrados ao fundo em condições específicas',
      performanceFee: 'Comissão de gestão variável',
      practicalHeading: 'Informações práticas',
      accurate: (d) => `As presentes informações fundamentais destinadas aos investidores são exatas em ${d}.`,
    },
  },
};

export const WORDING: Record<SampleLanguage, KeyDocumentWording> = { ...LIBRARY_WORDING, ...EEA_WORDING };
