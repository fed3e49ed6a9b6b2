import { IMPRINT } from '@/lib/legal/imprint';
import type { TermsBody } from '@/lib/legal/terms-body';

/**
 * The demo's first terms version, written out in the languages we can write well; a world of
 * another language gets the English text and its page says so. The company's name, address and
 * contact come from the imprint, so an operator who configures it gets consistent texts.
 */
export interface SeedTerms {
  title: string;
  body: TermsBody;
}

const company = IMPRINT.name;
const address = `${IMPRINT.street}, ${IMPRINT.postalCode} ${IMPRINT.city}`;
const email = IMPRINT.email;

const de: SeedTerms = {
  title: 'Allgemeine Geschäftsbedingungen',
  body: {
    language: 'de',
    sections: {
      termsAndConditions: {
        heading: 'Allgemeine Geschäftsbedingungen',
        paragraphs: [
          `Diese Bedingungen gelten für alle Verträge über Unterrichtsmaterialien, die über Kreide geschlossen werden. Vertragspartnerin beim Kauf ist die ${company}, ${address}. Kreide verkauft die Materialien der Autorinnen und Autoren im eigenen Namen und stellt die Rechnung aus.`,
          'Der Vertrag kommt zustande, wenn Sie beim Bezahlen auf „Zahlungspflichtig bestellen“ klicken und wir die Bestellung per E-Mail bestätigen. Alle Preise sind Endpreise einschließlich der gesetzlichen Umsatzsteuer des Landes, in dem Sie wohnen.',
          'Mit dem Kauf erhalten Sie eine einfache, nicht übertragbare Lizenz, das Material im eigenen Unterricht und für die eigene Vorbereitung zu nutzen und für Ihre Lernenden zu vervielfältigen. Eine Weitergabe an andere Lehrkräfte oder eine Veröffentlichung ist nicht erlaubt, es sei denn, eine Schullizenz wurde erworben.',
        ],
      },
      termsOfTask: {
        heading: 'Nutzungsbedingungen',
        paragraphs: [
          'Für ein Konto bei Kreide brauchen Sie eine gültige E-Mail-Adresse. Halten Sie Ihr Passwort geheim; für Handlungen über Ihr Konto sind Sie verantwortlich.',
          'Wer Materialien verkauft oder teilt, versichert, alle Rechte daran zu besitzen (Texte, Bilder, Schriften) und keine Rechte Dritter zu verletzen. Kreide darf Materialien, die gegen Gesetze oder diese Bedingungen verstoßen, sperren.',
          'Bewertungen und Kommentare sollen sachlich sein. Beleidigende, werbende oder fremde personenbezogene Inhalte entfernen wir.',
        ],
      },
      withdrawalProvisions: {
        heading: 'Widerrufsbelehrung',
        paragraphs: [
          'Verbraucherinnen und Verbraucher haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen. Die Frist beginnt mit dem Tag des Vertragsschlusses.',
          `Um Ihr Widerrufsrecht auszuüben, teilen Sie uns (${company}, ${address}, ${email}) mittels einer eindeutigen Erklärung Ihren Entschluss mit, den Vertrag zu widerrufen. Wir erstatten alle Zahlungen unverzüglich, spätestens binnen vierzehn Tagen, mit demselben Zahlungsmittel.`,
          'Bei digitalen Inhalten erlischt das Widerrufsrecht, wenn wir mit der Ausführung des Vertrags begonnen haben, nachdem Sie ausdrücklich zugestimmt haben, dass wir vor Ablauf der Widerrufsfrist mit der Ausführung beginnen, und Sie Ihre Kenntnis davon bestätigt haben, dass Sie dadurch Ihr Widerrufsrecht verlieren.',
        ],
      },
      dataProtection: {
        heading: 'Datenschutzerklärung',
        paragraphs: [
          `Verantwortlich für die Verarbeitung Ihrer Daten ist die ${company}, ${address}, ${email}.`,
          'Wir verarbeiten die Daten, die Sie uns geben (Name, E-Mail-Adresse, Rechnungsadresse), und die Daten Ihrer Käufe, um Ihr Konto zu führen, Bestellungen auszuführen und Rechnungen zu stellen (Art. 6 Abs. 1 lit. b und c DSGVO). Zahlungsdaten verarbeitet der jeweilige Zahlungsdienst; wir erhalten nur die Bestätigung der Zahlung.',
          'Kreide setzt nur Cookies, die für den Betrieb nötig sind: die Anmeldung, den Warenkorb und das zuletzt besuchte Land. Dafür ist keine Einwilligung erforderlich; Werbe- oder Analyse-Cookies setzen wir nicht.',
          'Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch sowie das Recht, sich bei einer Datenschutzaufsichtsbehörde zu beschweren. Rechnungsdaten bewahren wir so lange auf, wie es das Steuerrecht verlangt (in Deutschland zehn Jahre).',
        ],
      },
      orderProcessing: {
        heading: 'Vereinbarung zur Auftragsverarbeitung',
        paragraphs: [
          'Schulen, die ein Schulkonto nutzen, sind für die Daten ihrer Lehrkräfte im Schulkonto verantwortlich; Kreide verarbeitet diese Daten in ihrem Auftrag nach Art. 28 DSGVO.',
          'Kreide verarbeitet die Daten nur auf dokumentierte Weisung der Schule und nur, um das Schulkonto bereitzustellen (Mitglieder, Lizenzen, Merkzettel). Alle Beschäftigten, die Zugriff haben, sind zur Vertraulichkeit verpflichtet.',
          'Kreide trifft angemessene technische und organisatorische Maßnahmen (verschlüsselte Übertragung, Zugriffsrechte, Sicherungen), setzt weitere Auftragsverarbeiter nur nach Information der Schule ein, unterstützt die Schule bei Anfragen betroffener Personen und löscht die Daten nach Ende des Schulkontos.',
        ],
      },
      withdrawalAgreement: {
        heading: 'Vereinbarung zum Erlöschen des Widerrufsrechts',
        paragraphs: [
          'Materialien auf Kreide sind digitale Inhalte, die Sie sofort nach dem Kauf herunterladen können. Damit wir sie sofort bereitstellen dürfen, bitten wir Sie bei der Bestellung um Ihre ausdrückliche Zustimmung.',
          'Mit dieser Zustimmung verlangen Sie, dass wir vor Ablauf der Widerrufsfrist mit der Ausführung des Vertrags beginnen, und bestätigen, dass Sie dadurch Ihr Widerrufsrecht verlieren. Ohne Zustimmung ist keine Bestellung möglich; die Bestätigung senden wir Ihnen mit der Bestellbestätigung.',
        ],
      },
    },
  },
};

const en: SeedTerms = {
  title: 'Terms and conditions',
  body: {
    language: 'en',
    sections: {
      termsAndConditions: {
        heading: 'Terms and conditions',
        paragraphs: [
          `These terms apply to every contract for teaching materials concluded through Kreide. Your contracting party when you buy is ${company}, ${address}. Kreide sells the authors' materials in its own name and issues the invoice.`,
          'The contract is concluded when you click "Place order and pay" at checkout and we confirm the order by e-mail. All prices are final prices including the VAT of the country you live in.',
          'A purchase gives you a simple, non-transferable licence to use the material in your own teaching and preparation and to copy it for your learners. Passing it on to other teachers or publishing it is not allowed unless a school licence was bought.',
        ],
      },
      termsOfTask: {
        heading: 'Terms of use',
        paragraphs: [
          'A Kreide account needs a valid e-mail address. Keep your password secret; you are responsible for what is done through your account.',
          'Whoever sells or shares materials confirms that they hold all rights to them (texts, images, fonts) and infringe no rights of others. Kreide may block materials that break the law or these terms.',
          'Ratings and comments should be to the point. We remove insulting or promotional content and other people’s personal data.',
        ],
      },
      withdrawalProvisions: {
        heading: 'Right of withdrawal',
        paragraphs: [
          'Consumers have the right to withdraw from this contract within fourteen days without giving any reason. The period begins on the day the contract is concluded.',
          `To exercise the right of withdrawal, inform us (${company}, ${address}, ${email}) of your decision to withdraw by a clear statement. We refund all payments without undue delay and at the latest within fourteen days, using the same means of payment.`,
          'For digital content, the right of withdrawal expires once we have begun performing the contract after you expressly agreed that we begin before the withdrawal period ends and acknowledged that you thereby lose your right of withdrawal.',
        ],
      },
      dataProtection: {
        heading: 'Privacy policy',
        paragraphs: [
          `The controller of your data is ${company}, ${address}, ${email}.`,
          'We process the data you give us (name, e-mail address, billing address) and the data of your purchases to run your account, fulfil orders and issue invoices (Art. 6(1)(b) and (c) GDPR). Payment data is processed by the payment service; we only receive the confirmation of payment.',
          'Kreide sets only the cookies it needs to work: signing in, the cart and the country you last visited. These need no consent; we set no advertising or analytics cookies.',
          'You have the right of access, rectification, erasure, restriction of processing, data portability and objection, and the right to lodge a complaint with a data protection authority. We keep invoice data as long as tax law requires (ten years in Germany).',
        ],
      },
      orderProcessing: {
        heading: 'Data processing agreement',
        paragraphs: [
          'Schools using a school account are the controllers of their teachers’ data in that account; Kreide processes this data on their behalf under Art. 28 GDPR.',
          'Kreide processes the data only on the school’s documented instructions and only to provide the school account (members, licences, wish list). Everyone with access is bound to confidentiality.',
          'Kreide takes appropriate technical and organisational measures (encrypted transfer, access rights, backups), engages further processors only after informing the school, helps the school answer requests of data subjects and deletes the data when the school account ends.',
        ],
      },
      withdrawalAgreement: {
        heading: 'Agreement on the expiry of the right of withdrawal',
        paragraphs: [
          'Materials on Kreide are digital content you can download right after buying. So that we may provide them at once, we ask for your express consent when you order.',
          'With this consent you ask us to begin performing the contract before the withdrawal period ends and acknowledge that you thereby lose your right of withdrawal. No order is possible without it; we confirm your consent with the order confirmation.',
        ],
      },
    },
  },
};

const es: SeedTerms = {
  title: 'Condiciones generales',
  body: {
    language: 'es',
    sections: {
      termsAndConditions: {
        heading: 'Condiciones generales',
        paragraphs: [
          `Estas condiciones se aplican a todos los contratos sobre materiales didácticos celebrados a través de Kreide. La parte contratante en la compra es ${company}, ${address}. Kreide vende los materiales de sus autores en nombre propio y emite la factura.`,
          'El contrato se celebra cuando pulsa «Pedido con obligación de pago» al pagar y confirmamos el pedido por correo electrónico. Todos los precios son finales e incluyen el IVA del país en el que reside.',
          'Con la compra obtiene una licencia simple e intransferible para usar el material en sus propias clases y en su preparación, y para copiarlo para su alumnado. No está permitido cederlo a otros docentes ni publicarlo, salvo que se haya adquirido una licencia de centro.',
        ],
      },
      termsOfTask: {
        heading: 'Condiciones de uso',
        paragraphs: [
          'Para tener una cuenta en Kreide necesita una dirección de correo electrónico válida. Mantenga su contraseña en secreto; usted responde de lo que se haga con su cuenta.',
          'Quien vende o comparte materiales garantiza que posee todos los derechos sobre ellos (textos, imágenes, tipografías) y que no vulnera derechos de terceros. Kreide puede bloquear los materiales que infrinjan la ley o estas condiciones.',
          'Las valoraciones y comentarios deben ser objetivos. Eliminamos los contenidos ofensivos, publicitarios o con datos personales de otras personas.',
        ],
      },
      withdrawalProvisions: {
        heading: 'Derecho de desistimiento',
        paragraphs: [
          'Los consumidores tienen derecho a desistir del contrato en un plazo de catorce días sin necesidad de justificación. El plazo comienza el día de la celebración del contrato.',
          `Para ejercer el derecho de desistimiento, notifíquenos (${company}, ${address}, ${email}) su decisión mediante una declaración inequívoca. Le devolveremos todos los pagos sin demora y, a más tardar, en catorce días, por el mismo medio de pago.`,
          'En el caso de contenidos digitales, el derecho de desistimiento se extingue cuando hemos empezado a ejecutar el contrato después de que usted haya consentido expresamente que empecemos antes de que termine el plazo y haya reconocido que con ello pierde su derecho de desistimiento.',
        ],
      },
      dataProtection: {
        heading: 'Política de privacidad',
        paragraphs: [
          `El responsable del tratamiento de sus datos es ${company}, ${address}, ${email}.`,
          'Tratamos los datos que nos facilita (nombre, correo electrónico, dirección de facturación) y los de sus compras para gestionar su cuenta, ejecutar pedidos y emitir facturas (art. 6.1.b y c RGPD). Los datos de pago los trata el servicio de pago; nosotros solo recibimos la confirmación.',
          'Kreide solo utiliza las cookies necesarias para funcionar: el inicio de sesión, la cesta y el último país visitado. No requieren consentimiento; no usamos cookies publicitarias ni de análisis.',
          'Tiene derecho de acceso, rectificación, supresión, limitación del tratamiento, portabilidad y oposición, y a presentar una reclamación ante una autoridad de protección de datos. Conservamos los datos de facturación el tiempo que exige la normativa fiscal.',
        ],
      },
      orderProcessing: {
        heading: 'Contrato de encargo del tratamiento',
        paragraphs: [
          'Los centros que usan una cuenta de centro son responsables de los datos de sus docentes en esa cuenta; Kreide los trata por encargo suyo conforme al art. 28 RGPD.',
          'Kreide trata los datos solo siguiendo instrucciones documentadas del centro y solo para prestar la cuenta de centro (miembros, licencias, lista de deseos). Todas las personas con acceso están obligadas a la confidencialidad.',
          'Kreide aplica medidas técnicas y organizativas adecuadas (transmisión cifrada, permisos de acceso, copias de seguridad), solo recurre a otros encargados tras informar al centro, le ayuda a atender las solicitudes de los interesados y suprime los datos al terminar la cuenta de centro.',
        ],
      },
      withdrawalAgreement: {
        heading: 'Acuerdo sobre la extinción del derecho de desistimiento',
        paragraphs: [
          'Los materiales de Kreide son contenidos digitales que puede descargar inmediatamente después de la compra. Para poder facilitarlos al instante, le pedimos su consentimiento expreso al hacer el pedido.',
          'Con este consentimiento nos pide que empecemos a ejecutar el contrato antes de que termine el plazo de desistimiento y reconoce que con ello pierde su derecho de desistimiento. Sin él no es posible hacer el pedido; se lo confirmamos junto con la confirmación del pedido.',
        ],
      },
    },
  },
};

const fr: SeedTerms = {
  title: 'Conditions générales de vente',
  body: {
    language: 'fr',
    sections: {
      termsAndConditions: {
        heading: 'Conditions générales de vente',
        paragraphs: [
          `Les présentes conditions s’appliquent à tous les contrats portant sur des ressources pédagogiques conclus sur Kreide. Votre cocontractant lors d’un achat est ${company}, ${address}. Kreide vend les ressources de ses auteurs en son nom propre et émet la facture.`,
          'Le contrat est conclu lorsque vous cliquez sur « Commander avec obligation de paiement » lors du paiement et que nous confirmons la commande par e-mail. Tous les prix sont des prix définitifs, TVA du pays où vous résidez comprise.',
          'L’achat vous confère une licence simple et non transférable pour utiliser la ressource dans vos propres cours et leur préparation, et pour la copier pour vos élèves. La transmettre à d’autres enseignants ou la publier n’est pas autorisé, sauf achat d’une licence établissement.',
        ],
      },
      termsOfTask: {
        heading: 'Conditions d’utilisation',
        paragraphs: [
          'Un compte Kreide nécessite une adresse e-mail valide. Gardez votre mot de passe secret ; vous êtes responsable de ce qui est fait avec votre compte.',
          'Quiconque vend ou partage des ressources garantit détenir tous les droits sur celles-ci (textes, images, polices) et ne porter atteinte à aucun droit de tiers. Kreide peut bloquer les ressources contraires à la loi ou aux présentes conditions.',
          'Les avis et commentaires doivent rester factuels. Nous supprimons les contenus injurieux, publicitaires ou contenant des données personnelles d’autrui.',
        ],
      },
      withdrawalProvisions: {
        heading: 'Droit de rétractation',
        paragraphs: [
          'Le consommateur dispose d’un délai de quatorze jours pour se rétracter du contrat sans avoir à motiver sa décision. Le délai court à compter du jour de la conclusion du contrat.',
          `Pour exercer le droit de rétractation, notifiez-nous (${company}, ${address}, ${email}) votre décision au moyen d’une déclaration dénuée d’ambiguïté. Nous vous rembourserons tous les paiements sans retard excessif et au plus tard dans les quatorze jours, par le même moyen de paiement.`,
          'Pour les contenus numériques, le droit de rétractation prend fin lorsque nous avons commencé l’exécution du contrat après votre accord exprès pour qu’elle commence avant la fin du délai et votre reconnaissance de la perte de votre droit de rétractation.',
        ],
      },
      dataProtection: {
        heading: 'Politique de confidentialité',
        paragraphs: [
          `Le responsable du traitement de vos données est ${company}, ${address}, ${email}.`,
          'Nous traitons les données que vous nous communiquez (nom, adresse e-mail, adresse de facturation) et celles de vos achats pour gérer votre compte, exécuter les commandes et établir les factures (art. 6, paragraphe 1, points b et c du RGPD). Les données de paiement sont traitées par le prestataire de paiement ; nous ne recevons que la confirmation.',
          'Kreide n’utilise que les cookies nécessaires à son fonctionnement : la connexion, le panier et le dernier pays visité. Ils ne requièrent pas de consentement ; nous n’utilisons ni cookies publicitaires ni cookies de mesure d’audience.',
          'Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation du traitement, de portabilité et d’opposition, ainsi que du droit d’introduire une réclamation auprès d’une autorité de protection des données. Nous conservons les données de facturation aussi longtemps que l’exige le droit fiscal.',
        ],
      },
      orderProcessing: {
        heading: 'Accord de sous-traitance des données',
        paragraphs: [
          'Les établissements qui utilisent un compte établissement sont responsables des données de leurs enseignants dans ce compte ; Kreide les traite pour leur compte conformément à l’article 28 du RGPD.',
          'Kreide ne traite les données que sur instruction documentée de l’établissement et uniquement pour fournir le compte établissement (membres, licences, liste de souhaits). Toute personne y ayant accès est tenue à la confidentialité.',
          'Kreide prend des mesures techniques et organisationnelles appropriées (transmission chiffrée, droits d’accès, sauvegardes), ne fait appel à d’autres sous-traitants qu’après en avoir informé l’établissement, l’aide à répondre aux demandes des personnes concernées et efface les données à la fin du compte établissement.',
        ],
      },
      withdrawalAgreement: {
        heading: 'Accord sur la perte du droit de rétractation',
        paragraphs: [
          'Les ressources de Kreide sont des contenus numériques que vous pouvez télécharger dès l’achat. Pour pouvoir les fournir immédiatement, nous vous demandons votre accord exprès lors de la commande.',
          'Par cet accord, vous nous demandez de commencer l’exécution du contrat avant la fin du délai de rétractation et reconnaissez perdre ainsi votre droit de rétractation. Sans cet accord, aucune commande n’est possible ; nous vous le confirmons avec la confirmation de commande.',
        ],
      },
    },
  },
};

const it: SeedTerms = {
  title: 'Condizioni generali di vendita',
  body: {
    language: 'it',
    sections: {
      termsAndConditions: {
        heading: 'Condizioni generali di vendita',
        paragraphs: [
          `Queste condizioni si applicano a tutti i contratti relativi a materiali didattici conclusi tramite Kreide. La controparte dell’acquisto è ${company}, ${address}. Kreide vende i materiali dei suoi autori in nome proprio ed emette la fattura.`,
          'Il contratto si conclude quando fa clic su «Ordina con obbligo di pagamento» al momento del pagamento e confermiamo l’ordine per e-mail. Tutti i prezzi sono prezzi finali comprensivi dell’IVA del paese in cui risiede.',
          'Con l’acquisto ottiene una licenza semplice e non trasferibile per usare il materiale nelle proprie lezioni e nella loro preparazione e per copiarlo per i propri studenti. Non è consentito cederlo ad altri docenti né pubblicarlo, salvo acquisto di una licenza scolastica.',
        ],
      },
      termsOfTask: {
        heading: 'Condizioni d’uso',
        paragraphs: [
          'Per un account Kreide serve un indirizzo e-mail valido. Mantenga segreta la password; lei è responsabile di quanto avviene tramite il suo account.',
          'Chi vende o condivide materiali garantisce di possederne tutti i diritti (testi, immagini, caratteri) e di non violare diritti di terzi. Kreide può bloccare i materiali contrari alla legge o a queste condizioni.',
          'Valutazioni e commenti devono essere pertinenti. Rimuoviamo contenuti offensivi, pubblicitari o con dati personali di altre persone.',
        ],
      },
      withdrawalProvisions: {
        heading: 'Diritto di recesso',
        paragraphs: [
          'Il consumatore ha il diritto di recedere dal contratto entro quattordici giorni senza indicarne le ragioni. Il periodo decorre dal giorno della conclusione del contratto.',
          `Per esercitare il diritto di recesso, ci informi (${company}, ${address}, ${email}) della sua decisione con una dichiarazione esplicita. Le rimborseremo tutti i pagamenti senza indebito ritardo e comunque entro quattordici giorni, con lo stesso mezzo di pagamento.`,
          'Per i contenuti digitali il diritto di recesso si estingue quando abbiamo iniziato l’esecuzione del contratto dopo che lei ha espressamente acconsentito a che iniziassimo prima della scadenza del periodo di recesso e ha riconosciuto di perdere così il diritto di recesso.',
        ],
      },
      dataProtection: {
        heading: 'Informativa sulla privacy',
        paragraphs: [
          `Titolare del trattamento dei suoi dati è ${company}, ${address}, ${email}.`,
          'Trattiamo i dati che ci fornisce (nome, indirizzo e-mail, indirizzo di fatturazione) e quelli dei suoi acquisti per gestire l’account, eseguire gli ordini ed emettere le fatture (art. 6, par. 1, lett. b e c GDPR). I dati di pagamento sono trattati dal servizio di pagamento; noi riceviamo solo la conferma.',
          'Kreide usa solo i cookie necessari al funzionamento: l’accesso, il carrello e l’ultimo paese visitato. Non richiedono consenso; non usiamo cookie pubblicitari né di analisi.',
          'Ha diritto di accesso, rettifica, cancellazione, limitazione del trattamento, portabilità e opposizione, e di proporre reclamo a un’autorità di controllo. Conserviamo i dati di fatturazione per il tempo richiesto dalla normativa fiscale.',
        ],
      },
      orderProcessing: {
        heading: 'Accordo sul trattamento dei dati per conto del titolare',
        paragraphs: [
          'Le scuole che usano un account scolastico sono titolari dei dati dei propri docenti in tale account; Kreide li tratta per loro conto ai sensi dell’art. 28 GDPR.',
          'Kreide tratta i dati solo su istruzione documentata della scuola e solo per fornire l’account scolastico (membri, licenze, lista dei desideri). Chiunque vi abbia accesso è tenuto alla riservatezza.',
          'Kreide adotta misure tecniche e organizzative adeguate (trasmissione cifrata, diritti di accesso, copie di sicurezza), ricorre ad altri responsabili solo dopo averne informato la scuola, la assiste nelle richieste degli interessati e cancella i dati alla chiusura dell’account scolastico.',
        ],
      },
      withdrawalAgreement: {
        heading: 'Accordo sull’estinzione del diritto di recesso',
        paragraphs: [
          'I materiali di Kreide sono contenuti digitali che può scaricare subito dopo l’acquisto. Per poterli fornire immediatamente le chiediamo, al momento dell’ordine, il suo consenso espresso.',
          'Con questo consenso ci chiede di iniziare l’esecuzione del contratto prima della scadenza del periodo di recesso e riconosce di perdere così il diritto di recesso. Senza consenso l’ordine non è possibile; glielo confermiamo insieme alla conferma d’ordine.',
        ],
      },
    },
  },
};

const el: SeedTerms = {
  title: 'Γενικοί όροι συναλλαγών',
  body: {
    language: 'el',
    sections: {
      termsAndConditions: {
        heading: 'Γενικοί όροι συναλλαγών',
        paragraphs: [
          `Οι παρόντες όροι ισχύουν για κάθε σύμβαση για εκπαιδευτικό υλικό που συνάπτεται μέσω του Kreide. Αντισυμβαλλόμενος κατά την αγορά είναι η ${company}, ${address}. Το Kreide πωλεί το υλικό των δημιουργών στο δικό του όνομα και εκδίδει το τιμολόγιο.`,
          'Η σύμβαση συνάπτεται όταν πατήσετε «Παραγγελία με υποχρέωση πληρωμής» κατά την πληρωμή και επιβεβαιώσουμε την παραγγελία με e-mail. Όλες οι τιμές είναι τελικές και περιλαμβάνουν τον ΦΠΑ της χώρας όπου κατοικείτε.',
          'Με την αγορά αποκτάτε απλή, μη μεταβιβάσιμη άδεια να χρησιμοποιείτε το υλικό στη δική σας διδασκαλία και προετοιμασία και να το αναπαράγετε για τους μαθητές σας. Δεν επιτρέπεται η διάθεσή του σε άλλους εκπαιδευτικούς ή η δημοσίευσή του, εκτός αν έχει αγοραστεί σχολική άδεια.',
        ],
      },
      termsOfTask: {
        heading: 'Όροι χρήσης',
        paragraphs: [
          'Για λογαριασμό στο Kreide χρειάζεστε μια έγκυρη διεύθυνση e-mail. Κρατήστε τον κωδικό σας μυστικό· είστε υπεύθυνοι για ό,τι γίνεται μέσω του λογαριασμού σας.',
          'Όποιος πουλά ή μοιράζεται υλικό εγγυάται ότι κατέχει όλα τα δικαιώματα (κείμενα, εικόνες, γραμματοσειρές) και ότι δεν παραβιάζει δικαιώματα τρίτων. Το Kreide μπορεί να αποκλείσει υλικό που παραβιάζει τον νόμο ή τους παρόντες όρους.',
          'Οι αξιολογήσεις και τα σχόλια πρέπει να είναι αντικειμενικά. Αφαιρούμε προσβλητικό ή διαφημιστικό περιεχόμενο και προσωπικά δεδομένα τρίτων.',
        ],
      },
      withdrawalProvisions: {
        heading: 'Δικαίωμα υπαναχώρησης',
        paragraphs: [
          'Οι καταναλωτές έχουν δικαίωμα να υπαναχωρήσουν από τη σύμβαση εντός δεκατεσσάρων ημερών χωρίς αιτιολογία. Η προθεσμία αρχίζει την ημέρα σύναψης της σύμβασης.',
          `Για να ασκήσετε το δικαίωμα υπαναχώρησης, ενημερώστε μας (${company}, ${address}, ${email}) με σαφή δήλωση. Θα σας επιστρέψουμε όλες τις πληρωμές χωρίς αδικαιολόγητη καθυστέρηση και το αργότερο εντός δεκατεσσάρων ημερών, με το ίδιο μέσο πληρωμής.`,
          'Για ψηφιακό περιεχόμενο το δικαίωμα υπαναχώρησης αποσβήνεται όταν έχουμε αρχίσει την εκτέλεση της σύμβασης, αφού συναινέσατε ρητά να αρχίσουμε πριν λήξει η προθεσμία και αναγνωρίσατε ότι έτσι χάνετε το δικαίωμα υπαναχώρησης.',
        ],
      },
      dataProtection: {
        heading: 'Πολιτική απορρήτου',
        paragraphs: [
          `Υπεύθυνος επεξεργασίας των δεδομένων σας είναι η ${company}, ${address}, ${email}.`,
          'Επεξεργαζόμαστε τα δεδομένα που μας δίνετε (όνομα, e-mail, διεύθυνση τιμολόγησης) και τα δεδομένα των αγορών σας για να διαχειριζόμαστε τον λογαριασμό σας, να εκτελούμε παραγγελίες και να εκδίδουμε τιμολόγια (άρθρο 6 παρ. 1 στοιχ. β και γ ΓΚΠΔ). Τα δεδομένα πληρωμής τα επεξεργάζεται η υπηρεσία πληρωμών· εμείς λαμβάνουμε μόνο την επιβεβαίωση.',
          'Το Kreide χρησιμοποιεί μόνο τα cookies που χρειάζεται για να λειτουργεί: τη σύνδεση, το καλάθι και την τελευταία χώρα που επισκεφθήκατε. Δεν απαιτούν συγκατάθεση· δεν χρησιμοποιούμε διαφημιστικά cookies ούτε cookies ανάλυσης.',
          'Έχετε δικαίωμα πρόσβασης, διόρθωσης, διαγραφής, περιορισμού της επεξεργασίας, φορητότητας και εναντίωσης, καθώς και δικαίωμα καταγγελίας σε αρχή προστασίας δεδομένων. Διατηρούμε τα δεδομένα τιμολόγησης όσο απαιτεί η φορολογική νομοθεσία.',
        ],
      },
      orderProcessing: {
        heading: 'Σύμβαση επεξεργασίας δεδομένων',
        paragraphs: [
          'Τα σχολεία που χρησιμοποιούν σχολικό λογαριασμό είναι υπεύθυνοι επεξεργασίας για τα δεδομένα των εκπαιδευτικών τους σε αυτόν· το Kreide τα επεξεργάζεται για λογαριασμό τους σύμφωνα με το άρθρο 28 ΓΚΠΔ.',
          'Το Kreide επεξεργάζεται τα δεδομένα μόνο με τεκμηριωμένες εντολές του σχολείου και μόνο για να παρέχει τον σχολικό λογαριασμό (μέλη, άδειες, λίστα επιθυμιών). Όσοι έχουν πρόσβαση δεσμεύονται από εμπιστευτικότητα.',
          'Το Kreide λαμβάνει κατάλληλα τεχνικά και οργανωτικά μέτρα (κρυπτογραφημένη μεταφορά, δικαιώματα πρόσβασης, αντίγραφα ασφαλείας), χρησιμοποιεί άλλους εκτελούντες μόνο αφού ενημερώσει το σχολείο, το βοηθά να απαντά σε αιτήματα των υποκειμένων και διαγράφει τα δεδομένα με τη λήξη του σχολικού λογαριασμού.',
        ],
      },
      withdrawalAgreement: {
        heading: 'Συμφωνία για την απόσβεση του δικαιώματος υπαναχώρησης',
        paragraphs: [
          'Το υλικό του Kreide είναι ψηφιακό περιεχόμενο που μπορείτε να κατεβάσετε αμέσως μετά την αγορά. Για να σας το διαθέσουμε αμέσως, ζητάμε τη ρητή συγκατάθεσή σας κατά την παραγγελία.',
          'Με αυτή τη συγκατάθεση μας ζητάτε να αρχίσουμε την εκτέλεση της σύμβασης πριν λήξει η προθεσμία υπαναχώρησης και αναγνωρίζετε ότι έτσι χάνετε το δικαίωμα υπαναχώρησης. Χωρίς αυτήν δεν είναι δυνατή η παραγγελία· την επιβεβαιώνουμε μαζί με την επιβεβαίωση της παραγγελίας.',
        ],
      },
    },
  },
};

/** The terms texts by the language they are written in; English is the fallback. */
export const SEED_TERMS = { de, en, es, fr, it, el } as const;
