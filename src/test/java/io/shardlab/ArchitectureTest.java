package io.shardlab;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import io.shardlab.render.CandidateComparison;
import io.shardlab.render.CandidateLayout;
import io.shardlab.render.ChunkSizes;
import io.shardlab.render.HeatmapRanges;
import io.shardlab.render.KeyLabelFormat;
import io.shardlab.render.LayoutData;
import io.shardlab.render.PlacementBoard;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.scene.Node;
import javafx.scene.control.Label;

/**
 * The rules of docs/ARCHITECTURE.md that a machine can check (1, 2, 3 and 5), on the production
 * classes. The rules allow empty packages (allowEmptyShould), so a rule written for a package holds from
 * its first class onwards.
 */
@AnalyzeClasses(packages = "io.shardlab", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    /** ARCHITECTURE.md rule 1: the pure packages, deterministic and fast to test. */
    static final String[] PURE_PACKAGES = {
        "io.shardlab.bson..", "io.shardlab.key..", "io.shardlab.cluster..", "io.shardlab.routing..",
        "io.shardlab.sim..", "io.shardlab.workload..", "io.shardlab.advisor..", "io.shardlab.mongos..",
        "io.shardlab.files..", "io.shardlab.session..", "io.shardlab.exercise..", "io.shardlab.text..",
    };

    /** The packages that may touch a toolkit, a driver or the outside world. */
    static final String[] OUTER_PACKAGES = {
        "io.shardlab.ui..",
        "io.shardlab.cli..",
        "io.shardlab.live..",
        "io.shardlab.render..",
        "io.shardlab.serve..",
        "io.shardlab.shell..",
    };

    static ArchRule pureCodeIn(String... packages) {
        return noClasses()
                .that()
                .resideInAnyPackage(packages)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("javafx..", "com.mongodb..", "java.awt..")
                .allowEmptyShould(true)
                .because(
                        "ARCHITECTURE.md rule 1: bson, key, cluster, routing, sim, workload and advisor are pure Java");
    }

    /** Rule 1: no JavaFX, no MongoDB driver, no AWT in the pure packages. */
    @ArchTest
    static final ArchRule pure_packages_use_no_toolkit_driver_or_awt = pureCodeIn(PURE_PACKAGES);

    /** The words (io.shardlab.text) sit below every layer that speaks to a person, and use none of them. */
    @ArchTest
    static final ArchRule the_words_use_no_other_shardlab_package = noClasses()
            .that()
            .resideInAPackage("io.shardlab.text..")
            .should()
            .dependOnClassesThat()
            .resideOutsideOfPackages("io.shardlab.text..", "java..")
            .because("the bundles and the glossary are read by ui, cli, render and advisor alike");

    /**
     * The render values the session core uses: its heat-map rows and its key labels are the diagram's, computed once;
     * and the placement board's picture record (with the layout and chunk sizes of its key lines), made once from the
     * session's placement for the window's export and the CLI alike; and the shard key comparison's picture record (with
     * each candidate's row picture), mapped once from the advisor's report for the advisor's window and the CLI's
     * {@code analyze} alike. None uses AWT.
     */
    static final Class<?>[] RENDER_VALUES_THE_SESSION_USES = {
        HeatmapRanges.class,
        KeyLabelFormat.class,
        PlacementBoard.class,
        LayoutData.class,
        ChunkSizes.class,
        CandidateComparison.class,
        CandidateLayout.class
    };

    /** Rule 1, the other half of "pure": the domain never reaches out to the layers built on it. */
    @ArchTest
    static final ArchRule pure_packages_do_not_depend_on_outer_layers = noClasses()
            .that()
            .resideInAnyPackage(PURE_PACKAGES)
            .and()
            .resideOutsideOfPackage("io.shardlab.session..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(OUTER_PACKAGES)
            .allowEmptyShould(true)
            .because("ARCHITECTURE.md rule 1: the pure packages are the core the ui, cli, live and render layers use");

    /** Rule 1 for the session core: pure, and of render only the two values it shares with the diagram. */
    @ArchTest
    static final ArchRule the_session_core_uses_no_outer_layer_but_two_render_values = noClasses()
            .that()
            .resideInAPackage("io.shardlab.session..")
            .should()
            .dependOnClassesThat(JavaClass.Predicates.resideInAnyPackage(OUTER_PACKAGES)
                    .and(DescribedPredicate.not(JavaClass.Predicates.belongToAnyOf(RENDER_VALUES_THE_SESSION_USES))))
            .allowEmptyShould(true)
            .because(
                    "ARCHITECTURE.md rule 1: the session core is what every front end drives (the explorer, the "
                            + "CLI, serve, the shell); it shares the diagram's heat-map rows and key labels and the placement board's picture record, nothing else");

    /** Rule 2: only live talks to a server. */
    @ArchTest
    static final ArchRule only_live_uses_the_mongodb_driver = noClasses()
            .that()
            .resideOutsideOfPackage("io.shardlab.live..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("com.mongodb..")
            .allowEmptyShould(true)
            .because("ARCHITECTURE.md rule 2: only live talks to a server; it converts driver documents at the border");

    /** Rule 3: ViewModels hold no nodes. */
    @ArchTest
    static final ArchRule view_models_hold_no_nodes = noClasses()
            .that()
            .haveSimpleNameEndingWith("ViewModel")
            .should()
            .dependOnClassesThat()
            .areAssignableTo(Node.class)
            .allowEmptyShould(true)
            .because("ARCHITECTURE.md rule 3: ViewModels expose properties and verbs; Views build nodes and bind");

    /** Rule 3: ViewModels are part of the ui layer. */
    @ArchTest
    static final ArchRule view_models_live_in_ui = classes()
            .that()
            .haveSimpleNameEndingWith("ViewModel")
            .should()
            .resideInAPackage("io.shardlab.ui..")
            .allowEmptyShould(true)
            .because("ARCHITECTURE.md rule 3: the ui package holds one package per feature with View + ViewModel");

    /**
     * Rule 1, inside the core: bson ← key ← cluster ← routing, sim ← workload ← advisor ← mongos (the command
     * layer serve and the shell share) ← session (the simulation session every front end drives) and, beside it,
     * exercise (the workshop exercises' checks, on the catalog and what the mongos saw); no core layer uses either
     * of those two, nor they each other. A layer uses only
     * the layers to its left; routing and sim stand side by side and do not use each other. {@code root} is
     * the package the core layers sit in, so a test can check the rule on a fixture tree.
     */
    static ArchRule coreLayerOrderUnder(String root) {
        return layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .layer("bson")
                .definedBy(root + ".bson..")
                .layer("key")
                .definedBy(root + ".key..")
                .layer("cluster")
                .definedBy(root + ".cluster..")
                .layer("routing")
                .definedBy(root + ".routing..")
                .layer("sim")
                .definedBy(root + ".sim..")
                .layer("workload")
                .definedBy(root + ".workload..")
                .layer("advisor")
                .definedBy(root + ".advisor..")
                .layer("mongos")
                .definedBy(root + ".mongos..")
                .layer("session")
                .definedBy(root + ".session..")
                .layer("exercise")
                .definedBy(root + ".exercise..")
                .whereLayer("session")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("exercise")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("mongos")
                .mayOnlyBeAccessedByLayers("session", "exercise")
                .whereLayer("advisor")
                .mayOnlyBeAccessedByLayers("mongos", "session", "exercise")
                .whereLayer("workload")
                .mayOnlyBeAccessedByLayers("advisor", "mongos", "session", "exercise")
                .whereLayer("routing")
                .mayOnlyBeAccessedByLayers("workload", "advisor", "mongos", "session", "exercise")
                .whereLayer("sim")
                .mayOnlyBeAccessedByLayers("workload", "advisor", "mongos", "session", "exercise")
                .whereLayer("cluster")
                .mayOnlyBeAccessedByLayers("routing", "sim", "workload", "advisor", "mongos", "session", "exercise")
                .whereLayer("key")
                .mayOnlyBeAccessedByLayers(
                        "cluster", "routing", "sim", "workload", "advisor", "mongos", "session", "exercise")
                .whereLayer("bson")
                .mayOnlyBeAccessedByLayers(
                        "key", "cluster", "routing", "sim", "workload", "advisor", "mongos", "session", "exercise")
                .withOptionalLayers(true)
                .because("ARCHITECTURE.md rule 1: each core layer is built on the ones below it, so a change to "
                        + "a lower layer is tested without the higher ones and no cycle ties the core together");
    }

    @ArchTest
    static final ArchRule core_layers_use_only_the_layers_below_them = coreLayerOrderUnder("io.shardlab");

    /** Rule 2: the adapters (live, render, and serve and shell when they come) never use a front end. */
    @ArchTest
    static final ArchRule adapters_do_not_depend_on_front_ends = noClasses()
            .that()
            .resideInAnyPackage(
                    "io.shardlab.live..", "io.shardlab.render..", "io.shardlab.serve..", "io.shardlab.shell..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.shardlab.ui..", "io.shardlab.cli..")
            .allowEmptyShould(true)
            .because("ARCHITECTURE.md rule 2: live, render, serve and shell convert at their border for every "
                    + "front end; the app and the CLI are built on them, not the other way round");

    /** The packages whose results render draws; each maps them to render's own records on its side. */
    static final String[] PRODUCER_PACKAGES = {
        "sim", "workload", "advisor", "live", "session", "mongos", "serve", "shell",
    };

    /**
     * Rule 6: render under {@code root} draws from its own records ({@code LayoutData}, {@code ChunkSizes},
     * {@code WriteSeries}, {@code HeatmapData}, {@code CandidateLayout}, {@code CandidateComparison}) and uses
     * none of the packages that produce what it draws.
     */
    static ArchRule renderUsesNoProducerUnder(String root) {
        return noClasses()
                .that()
                .resideInAPackage(root + ".render..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(Arrays.stream(PRODUCER_PACKAGES)
                        .map(p -> root + "." + p + "..")
                        .toArray(String[]::new))
                .allowEmptyShould(true)
                .because("ARCHITECTURE.md rule 6: geometry is computed and painted once for every producer; render "
                        + "takes its own records, so a producer changes without touching the diagram, and the "
                        + "producers (ui, cli) map their results to those records on their side");
    }

    @ArchTest
    static final ArchRule render_draws_its_own_records_and_uses_no_producer = renderUsesNoProducerUnder("io.shardlab");

    /** The two front ends share the layers below them, never each other. */
    @ArchTest
    static final ArchRule the_cli_does_not_use_the_app = noClasses()
            .that()
            .resideInAPackage("io.shardlab.cli..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.shardlab.ui..")
            .allowEmptyShould(true)
            .because("ARCHITECTURE.md: what both front ends need lives below them, so it is written once");

    @ArchTest
    static final ArchRule the_app_does_not_use_the_cli = noClasses()
            .that()
            .resideInAPackage("io.shardlab.ui..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.shardlab.cli..")
            .allowEmptyShould(true)
            .because("ARCHITECTURE.md: what both front ends need lives below them, so it is written once");

    /**
     * Rule 2: the app reaches the mongos on the wire only through the port the session defines
     * ({@code session.MongosEndpoint}); serve implements it, and {@code io.shardlab.DesktopApp} hands serve's to
     * the app. So the explorer's live session (transport, commands, undo, the served mongos) lives below ui, and
     * ui keeps only the JavaFX side.
     */
    @ArchTest
    static final ArchRule the_app_does_not_use_serve = noClasses()
            .that()
            .resideInAPackage("io.shardlab.ui..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.shardlab.serve..")
            .allowEmptyShould(true)
            .because("ARCHITECTURE.md rule 2: serve is an adapter the session drives through its port "
                    + "(MongosEndpoint), composed outside ui in DesktopApp; the app's screens never hold a server");

    /** Rule 2: only live talks to a server, through the driver or through a socket of its own. */
    @ArchTest
    static final ArchRule only_live_and_serve_open_client_sockets = noClasses()
            .that()
            .resideOutsideOfPackages("io.shardlab.live..", "io.shardlab.serve..")
            .should()
            .dependOnClassesThat()
            .haveFullyQualifiedName("java.net.Socket")
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName("java.nio.channels.SocketChannel")
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName("java.nio.channels.AsynchronousSocketChannel")
            .orShould()
            .dependOnClassesThat()
            .resideInAPackage("java.net.http..")
            .allowEmptyShould(true)
            .because("ARCHITECTURE.md rule 2: only live talks to a server (and serve to its clients); "
                    + "everything else sees cluster and sim types");

    /**
     * Rule 2: the shell is a front end on the command layer with no toolkit, no driver, no sockets and no
     * JavaScript engine but its one, GraalJS (the panel that shows it lives in ui). The one file access is
     * mongosh's {@code load(file)}, which reads a script.
     */
    @ArchTest
    static final ArchRule the_shell_uses_no_toolkit_driver_or_socket = noClasses()
            .that()
            .resideInAnyPackage("io.shardlab.shell..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "javafx..",
                    "com.mongodb..",
                    "java.awt..",
                    "java.net..",
                    "java.nio.channels..",
                    "javax.script..",
                    "org.mozilla..")
            .allowEmptyShould(true)
            .because("ARCHITECTURE.md rule 2: scripts see only the simulated cluster (and the scripts load() reads): "
                    + "no network");

    /** Rule 2: only serve accepts connections. */
    @ArchTest
    static final ArchRule only_serve_accepts_connections = noClasses()
            .that()
            .resideOutsideOfPackage("io.shardlab.serve..")
            .should()
            .dependOnClassesThat()
            .haveFullyQualifiedName("java.net.ServerSocket")
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName("java.nio.channels.ServerSocketChannel")
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName("java.nio.channels.AsynchronousServerSocketChannel")
            .orShould()
            .dependOnClassesThat()
            .resideInAnyPackage("com.sun.net.httpserver..", "de.bwaldvogel.mongo..", "io.netty..")
            .allowEmptyShould(true)
            .because("ARCHITECTURE.md rule 2: only serve accepts connections; it converts wire messages at its "
                    + "border, and each MongoDB command is implemented once for serve and shell");

    /**
     * Rule 3, feature isolation: a ui feature package uses another feature only along these edges
     * (user, used). ui.theme, ui.tasks and ui.text (the window's words) are shared by every feature and are not
     * features.
     */
    static final String[][] UI_FEATURE_EDGES = {
        {"lessons", "explorer"},
        {"live", "explorer"},
        {"live", "shell"},
        {"shell", "about"},
        // the class board paints its tiles on the explorer's render canvas (presenter scale, coalesced repaints)
        // and hands its frames to the screen through the explorer's newest-wins mailbox
        {"board", "explorer"},
        // the placement board paints its key lines on the explorer's render canvas (presenter scale, coalesced
        // repaints)
        {"placement", "explorer"},
    };

    static final String[] UI_FEATURES = {
        "about", "advisor", "board", "console", "explorer", "export", "lessons", "live", "placement", "shell"
    };

    static ArchRule uiFeatureIsolationUnder(String root) {
        var rule = layeredArchitecture().consideringOnlyDependenciesInLayers().withOptionalLayers(true);
        for (String feature : UI_FEATURES) {
            rule = rule.layer(feature).definedBy(root + "." + feature + "..");
        }
        for (String feature : UI_FEATURES) {
            String[] users = Arrays.stream(UI_FEATURE_EDGES)
                    .filter(e -> e[1].equals(feature))
                    .map(e -> e[0])
                    .toArray(String[]::new);
            rule = users.length == 0
                    ? rule.whereLayer(feature).mayNotBeAccessedByAnyLayer()
                    : rule.whereLayer(feature).mayOnlyBeAccessedByLayers(users);
        }
        return rule.because("ARCHITECTURE.md rule 3: one package per feature; a feature is changed without "
                + "reading the others, and a new edge between features is a design decision made here");
    }

    @ArchTest
    static final ArchRule ui_features_use_each_other_only_along_the_listed_edges =
            uiFeatureIsolationUnder("io.shardlab.ui");

    /**
     * Rule 3, the other half of feature isolation: along a listed edge a feature uses only the other feature's
     * published types (and their nested types), never its internals. ShardLabApp, in the ui package itself,
     * wires every feature and may use anything.
     */
    static final Map<String, List<String>> UI_PUBLISHED_TYPES = Map.of(
            // the placement board shows the drain rehearsal of the explorer's cluster below its lanes
            "explorer",
                    List.of(
                            "ScenarioLauncher",
                            "ExplorerViewModel",
                            "LatestValueMailbox",
                            "diagram.RenderCanvas",
                            "balancer.DrainRehearsalViewModel"),
            "shell", List.of("MainViewModel", "ClusterDescription"),
            "about", List.of("AboutDialog", "AboutInfo"));

    /** The ui packages every feature shares; they are not features. */
    static final List<String> UI_SHARED = List.of("theme", "tasks", "text");

    static ArchRule uiFeaturesUseOnlyPublishedTypesUnder(String root, Map<String, List<String>> published) {
        return classes()
                .that()
                .resideInAPackage(root + "..")
                .should(new ArchCondition<JavaClass>("use another ui feature only through its published types") {
                    @Override
                    public void check(JavaClass source, ConditionEvents events) {
                        String own = featureOf(root, source);
                        if (own == null) {
                            return;
                        }
                        for (Dependency d : source.getDirectDependenciesFromSelf()) {
                            JavaClass target = d.getTargetClass().getBaseComponentType();
                            String other = featureOf(root, target);
                            if (other != null && !other.equals(own) && !publishedBy(root, other, target, published)) {
                                events.add(SimpleConditionEvent.violated(d, d.getDescription()));
                            }
                        }
                    }
                })
                .allowEmptyShould(true)
                .because("ARCHITECTURE.md rule 3: a feature's internals change without the other features noticing; "
                        + "what another feature needs is published here or moved below ui");
    }

    /** The feature {@code type} belongs to under {@code root}, or null for root itself and the shared packages. */
    private static String featureOf(String root, JavaClass type) {
        String pkg = type.getPackageName();
        if (!pkg.startsWith(root + ".")) {
            return null;
        }
        String feature = pkg.substring(root.length() + 1).split("\\.", 2)[0];
        return UI_SHARED.contains(feature) ? null : feature;
    }

    private static boolean publishedBy(
            String root, String feature, JavaClass type, Map<String, List<String>> published) {
        String name = type.getName();
        return published.getOrDefault(feature, List.of()).stream()
                .map(n -> root + "." + feature + "." + n)
                .anyMatch(p -> name.equals(p) || name.startsWith(p + "$"));
    }

    @ArchTest
    static final ArchRule ui_features_use_only_each_others_published_types =
            uiFeaturesUseOnlyPublishedTypesUnder("io.shardlab.ui", UI_PUBLISHED_TYPES);

    /**
     * Rule 3 inside the explorer: each tab of its side panel is a package of its own (View + ViewModel), which
     * takes from the explorer, its package and its parts' ({@link #EXPLORER_PARTS}), only these types (simple
     * names under the explorer package: the number line and chunk verbs the chunk tab shares with the diagram,
     * and the style classes of the side panel's content) and uses no other tab. SidePanel in the explorer
     * composes the tabs.
     */
    static final List<String> EXPLORER_TABS = List.of("chunk", "query", "history", "log");

    static final List<String> EXPLORER_TYPES_FOR_TABS = List.of(
            "diagram.NumberLineViewModel",
            "diagram.ChunkActionsViewModel",
            "diagram.ChunkDetails",
            "diagram.DiagramPicture",
            "ExplorerStyles");

    @ArchTest
    static final ArchRule explorer_tabs_use_the_explorer_only_through_their_inputs_and_not_each_other =
            explorerTabsIsolatedUnder("io.shardlab.ui.explorer", EXPLORER_TYPES_FOR_TABS);

    /**
     * Rule 3 inside an explorer package {@code explorer}: the classes of its tab packages ({@link #EXPLORER_TABS})
     * use, of {@code explorer} itself and its parts, only {@code typesForTabs} (names under {@code explorer};
     * nested types included), and no other tab.
     */
    static ArchRule explorerTabsIsolatedUnder(String explorer, List<String> typesForTabs) {
        return classes()
                .that()
                .resideInAnyPackage(EXPLORER_TABS.stream()
                        .map(t -> explorer + "." + t + "..")
                        .toArray(String[]::new))
                .should(new ArchCondition<JavaClass>("use the explorer only through its tab inputs, no other tab") {
                    @Override
                    public void check(JavaClass source, ConditionEvents events) {
                        String own = tabOf(explorer, source.getPackageName());
                        for (Dependency d : source.getDirectDependenciesFromSelf()) {
                            JavaClass target = d.getTargetClass().getBaseComponentType();
                            String pkg = target.getPackageName();
                            String tab = tabOf(explorer, pkg);
                            boolean otherTab = tab != null && !tab.equals(own);
                            boolean explorerOrPart =
                                    tab == null && (pkg.equals(explorer) || pkg.startsWith(explorer + "."));
                            if (otherTab || explorerOrPart && !isOneOf(explorer, typesForTabs, target)) {
                                events.add(SimpleConditionEvent.violated(d, d.getDescription()));
                            }
                        }
                    }
                })
                .allowEmptyShould(true)
                .because("ARCHITECTURE.md rule 3: a side-panel tab is changed without reading the explorer's "
                        + "internals or another tab");
    }

    /**
     * Rule 3 inside the explorer: besides the tabs, each part of the explorer's screen is a package of its own,
     * its View and ViewModel: the setup strip (with Zones…), the diagram (number line, lanes, charts, the chunk
     * popover and the line's gestures), the transport strip, the comparison, the connections strip and the
     * collection picker. ExplorerView and ExplorerViewModel, in the explorer package, compose them.
     */
    static final List<String> EXPLORER_PARTS =
            List.of("setup", "diagram", "playback", "comparison", "connections", "collections");

    /** Part {@code user} may use part or tab {@code used}, {@code because}. */
    record ExplorerEdge(String user, String used, String because) {}

    /** The edges between the explorer's parts, and from a part to a tab; none else, and no cycle. */
    static final List<ExplorerEdge> EXPLORER_PART_EDGES = List.of(
            new ExplorerEdge(
                    "comparison",
                    "diagram",
                    "each side of a comparison is the explorer's number line, lanes and charts over a "
                            + "NumberLineViewModel of its own"),
            new ExplorerEdge(
                    "comparison",
                    "playback",
                    "one transport bar drives both sides, and each side's counters are a PlaybackViewModel's"),
            new ExplorerEdge(
                    "comparison",
                    "balancer",
                    "each side draws the balancer's next migration as the explorer's line does (Why no move?'s plan "
                            + "preview), from a BalancerWhyViewModel of its own read on the side's cluster"),
            new ExplorerEdge(
                    "playback", "history", "the explorer's transport strip carries the History tab's undo and redo"));

    /**
     * What the parts take from the explorer package itself: the style classes and stylesheet they share, the
     * engines the connections and the comparison drive (until the engines leave the explorer package), and whether
     * the window is in presenter mode (the setup row, the transport and the comparison fold for the room).
     */
    static final List<String> EXPLORER_TYPES_FOR_PARTS = List.of("ExplorerStyles", "PresenterMode");

    @ArchTest
    static final ArchRule explorer_parts_use_each_other_only_along_the_listed_edges =
            explorerPartsIsolatedUnder("io.shardlab.ui.explorer", EXPLORER_PART_EDGES, EXPLORER_TYPES_FOR_PARTS);

    /**
     * Rule 3 inside an explorer package {@code explorer}: the classes of its part packages ({@link
     * #EXPLORER_PARTS}) use, of {@code explorer} itself, only {@code typesForParts} (simple names; nested types
     * included), and another part or a tab only along {@code edges}.
     */
    static ArchRule explorerPartsIsolatedUnder(String explorer, List<ExplorerEdge> edges, List<String> typesForParts) {
        return classes()
                .that()
                .resideInAnyPackage(EXPLORER_PARTS.stream()
                        .map(p -> explorer + "." + p + "..")
                        .toArray(String[]::new))
                .should(
                        new ArchCondition<JavaClass>(
                                "use the explorer only through its part inputs, another part or a tab only along a listed edge") {
                            @Override
                            public void check(JavaClass source, ConditionEvents events) {
                                String own = subPackageOf(explorer, source.getPackageName());
                                for (Dependency d : source.getDirectDependenciesFromSelf()) {
                                    JavaClass target = d.getTargetClass().getBaseComponentType();
                                    String pkg = target.getPackageName();
                                    String used = subPackageOf(explorer, pkg);
                                    boolean explorerInternal =
                                            pkg.equals(explorer) && !isOneOf(explorer, typesForParts, target);
                                    boolean unlisted = used != null
                                            && !used.equals(own)
                                            && edges.stream()
                                                    .noneMatch(e -> e.user().equals(own)
                                                            && e.used().equals(used));
                                    if (explorerInternal || unlisted) {
                                        events.add(SimpleConditionEvent.violated(d, d.getDescription()));
                                    }
                                }
                            }
                        })
                .allowEmptyShould(true)
                .because("ARCHITECTURE.md rule 3: a part of the explorer is changed without reading the explorer's "
                        + "internals or the parts it does not use; a new edge between parts is a design decision "
                        + "made here, with its reason");
    }

    /** Rule 3: the explorer's parts and tabs do not depend on each other in a circle. */
    @ArchTest
    static final ArchRule explorer_parts_and_tabs_are_free_of_cycles = slices().matching(
                    "io.shardlab.ui.explorer.(*)..")
            .should()
            .beFreeOfCycles()
            .allowEmptyShould(true)
            .because("ARCHITECTURE.md rule 3: the explorer's parts form a tree under ExplorerView and "
                    + "ExplorerViewModel, which compose them");

    /** The package right under {@code explorer} that {@code pkg} is in, or null for explorer itself and outside. */
    private static String subPackageOf(String explorer, String pkg) {
        String prefix = explorer + ".";
        return pkg.startsWith(prefix) ? pkg.substring(prefix.length()).split("\\.", 2)[0] : null;
    }

    private static String tabOf(String explorer, String pkg) {
        String sub = subPackageOf(explorer, pkg);
        return sub != null && EXPLORER_TABS.contains(sub) ? sub : null;
    }

    /** Whether {@code type} is one of {@code names} (under {@code explorer}) or nested in one. */
    private static boolean isOneOf(String explorer, List<String> names, JavaClass type) {
        return names.stream()
                .map(n -> explorer + "." + n)
                .anyMatch(n -> type.getName().equals(n) || type.getName().startsWith(n + "$"));
    }

    /** Rule 3: no two ui features depend on each other, directly or through a third. */
    @ArchTest
    static final ArchRule ui_features_are_free_of_cycles = slices().matching("io.shardlab.ui.(*)..")
            .should()
            .beFreeOfCycles()
            .allowEmptyShould(true)
            .because("ARCHITECTURE.md rule 3: features form a tree under ShardLabApp, which wires them");

    /**
     * Rule 5: in {@code uiRoot}, threads and executors are made only by its {@code tasks} package (the
     * application's one {@code BackgroundTasks}), so every thread is a named daemon stopped in one place.
     */
    static ArchRule threadsMadeOnlyByTheTasksPackageOf(String uiRoot) {
        return noClasses()
                .that()
                .resideInAPackage(uiRoot + "..")
                .and()
                .resideOutsideOfPackage(uiRoot + ".tasks..")
                .should()
                .dependOnClassesThat()
                .haveFullyQualifiedName("java.util.concurrent.Executors")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("java.util.concurrent.ThreadPoolExecutor")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("java.util.concurrent.ScheduledThreadPoolExecutor")
                .orShould()
                .callConstructorWhere(com.tngtech.archunit.core.domain.JavaCall.Predicates.target(
                        com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner(
                                com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo(Thread.class))))
                .allowEmptyShould(true)
                .because("ARCHITECTURE.md rule 5: background work goes through the injected BackgroundTasks "
                        + "(a synchronous twin in tests), wired once in ShardLabApp");
    }

    @ArchTest
    static final ArchRule ui_threads_come_from_background_tasks = threadsMadeOnlyByTheTasksPackageOf("io.shardlab.ui");

    // ---- the rules catch what they are meant to catch ----

    /** Breaks rule 3: a ViewModel holding a node. */
    static final class LeakyViewModel {
        final Label label = new Label();
    }

    /** Keeps rule 3: a ViewModel with a read-only property. */
    static final class TidyViewModel {
        ReadOnlyStringProperty title;
    }

    /** Breaks rule 2: a driver client outside live. */
    static final class ServerReader {
        MongoClient client;
    }

    /** Breaks rule 2: a listening socket outside serve. */
    static final class ConnectionListener {
        java.net.ServerSocket socket;
    }

    /** Breaks rule 2: a raw client socket outside live and serve. */
    static final class RawServerClient {
        java.net.Socket socket;
    }

    private static JavaClasses fixtures() {
        return new ClassFileImporter()
                .importClasses(
                        LeakyViewModel.class,
                        TidyViewModel.class,
                        ServerReader.class,
                        ConnectionListener.class,
                        RawServerClient.class);
    }

    /** The fixture tree io.shardlab.archfixture: core layers and ui features, each class named for what it does. */
    private static JavaClasses fixtureTree() {
        return new ClassFileImporter().importPackages("io.shardlab.archfixture");
    }

    @org.junit.jupiter.api.Test
    void rule_3_flags_a_view_model_holding_a_node_and_only_that() {
        var result = view_models_hold_no_nodes.evaluate(fixtures());
        assertTrue(result.hasViolation());
        assertTrue(result.getFailureReport().toString().contains("LeakyViewModel"));
        assertFalse(result.getFailureReport().toString().contains("TidyViewModel"));
    }

    @org.junit.jupiter.api.Test
    void rule_2_flags_driver_use_outside_live() {
        var result = only_live_uses_the_mongodb_driver.evaluate(fixtures());
        assertTrue(result.hasViolation());
        assertTrue(result.getFailureReport().toString().contains("ServerReader"));
    }

    @org.junit.jupiter.api.Test
    void rule_1_flags_toolkit_and_driver_use_in_a_pure_package() {
        var result = pureCodeIn("io.shardlab").evaluate(fixtures());
        assertTrue(result.getFailureReport().toString().contains("LeakyViewModel"));
        assertTrue(result.getFailureReport().toString().contains("ServerReader"));
    }

    @org.junit.jupiter.api.Test
    void rule_1_flags_a_core_layer_using_one_above_or_beside_it_and_only_that() {
        String report = coreLayerOrderUnder("io.shardlab.archfixture")
                .evaluate(fixtureTree())
                .getFailureReport()
                .toString();
        assertTrue(report.contains("KeyReachingUp"), report);
        assertTrue(report.contains("RouterReachingSideways"), report);
        assertFalse(report.contains("TidyWorkload"), report);
    }

    @org.junit.jupiter.api.Test
    void rule_2_flags_sockets_outside_live_and_listeners_outside_serve() {
        String clients = only_live_and_serve_open_client_sockets
                .evaluate(fixtures())
                .getFailureReport()
                .toString();
        String listeners = only_serve_accepts_connections
                .evaluate(fixtures())
                .getFailureReport()
                .toString();
        assertTrue(clients.contains("RawServerClient"), clients);
        assertFalse(clients.contains("ConnectionListener"), clients);
        assertTrue(listeners.contains("ConnectionListener"), listeners);
        assertFalse(listeners.contains("RawServerClient"), listeners);
    }

    @org.junit.jupiter.api.Test
    void rule_6_flags_render_using_a_producer_and_only_that() {
        String report = renderUsesNoProducerUnder("io.shardlab.archfixture")
                .evaluate(fixtureTree())
                .getFailureReport()
                .toString();
        assertTrue(report.contains("PainterReachingIntoSim"), report);
        assertFalse(report.contains("TidyPainter"), report);
    }

    @org.junit.jupiter.api.Test
    void rule_3_flags_a_ui_feature_using_another_along_no_listed_edge_and_only_that() {
        String report = uiFeatureIsolationUnder("io.shardlab.archfixture")
                .evaluate(fixtureTree())
                .getFailureReport()
                .toString();
        assertTrue(report.contains("ExportReachingIntoExplorer"), report);
        assertFalse(report.contains("TidyLesson"), report);
    }

    @org.junit.jupiter.api.Test
    void rule_5_flags_a_ui_feature_making_its_own_threads_and_only_that() {
        String report = threadsMadeOnlyByTheTasksPackageOf("io.shardlab.archfixture")
                .evaluate(fixtureTree())
                .getFailureReport()
                .toString();
        assertTrue(report.contains("ExportOwnThread.<init>()> calls method <java.util.concurrent.Executors"), report);
        assertTrue(report.contains("ExportOwnThread.<init>()> calls constructor <java.lang.Thread"), report);
        assertFalse(report.contains("TidyLanes"), report);
    }

    @org.junit.jupiter.api.Test
    void rule_3_flags_a_ui_feature_using_another_features_internals_and_only_that() {
        String report = uiFeaturesUseOnlyPublishedTypesUnder(
                        "io.shardlab.archfixture", Map.of("explorer", List.of("ExplorerEntryPoint")))
                .evaluate(fixtureTree())
                .getFailureReport()
                .toString();
        assertTrue(report.contains("LessonReachingIntoExplorerInternals"), report);
        assertFalse(report.contains("TidyLesson"), report);
    }

    @org.junit.jupiter.api.Test
    void rule_3_flags_a_tab_using_explorer_internals_or_another_tab_and_only_that() {
        String report = explorerTabsIsolatedUnder(
                        "io.shardlab.archfixture.explorer", List.of("ExplorerEntryPoint", "diagram.LineForTabs"))
                .evaluate(fixtureTree())
                .getFailureReport()
                .toString();
        assertTrue(report.contains("QueryTabReachingIntoExplorerInternals"), report);
        assertTrue(report.contains("ChunkTabReachingIntoQueryTab"), report);
        assertTrue(report.contains("HistoryTabReachingIntoTheDiagram"), report);
        assertFalse(report.contains("TidyLogTab"), report);
    }

    @org.junit.jupiter.api.Test
    void rule_3_flags_an_explorer_part_using_explorer_internals_or_another_part_along_no_edge_and_only_that() {
        String report = explorerPartsIsolatedUnder(
                        "io.shardlab.archfixture.explorer",
                        List.of(new ExplorerEdge("comparison", "diagram", "a side is a number line")),
                        List.of("ExplorerEntryPoint"))
                .evaluate(fixtureTree())
                .getFailureReport()
                .toString();
        assertTrue(report.contains("SetupReachingIntoTheDiagram"), report);
        assertTrue(report.contains("ConnectionsReachingIntoExplorerInternals"), report);
        assertFalse(report.contains("TidyComparison"), report);
    }
}
